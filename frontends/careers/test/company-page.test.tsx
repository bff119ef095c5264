import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { CompanyPage as CompanyPageAnswer } from '@campus/contracts/careers';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import CompanyPage from '../src/companies/company-page';
import InterviewsPage from '../src/interviews/interviews-page';
import JobsPage from '../src/jobs/jobs-page';
import { interview, interviewPage, job, jobList } from './careers-fixtures';

const google = {
  name: 'Google',
  experiences: [interview('i1', 'Google'), interview('i2', 'google ', { role: 'SRE Intern' })],
  jobs: [job('j1', 'GOOGLE', { role: 'Backend Intern' })],
  stats: {
    interviews: 2,
    openJobs: 1,
    averageRounds: 3.5,
    difficulty: { Easy: 0, Medium: 1, Hard: 1, Difficult: 0, notGiven: 0 },
    roles: [
      { role: 'SDE Intern', count: 1 },
      { role: 'SRE Intern', count: 1 },
    ],
    salaries: [
      { role: 'SDE Intern', salary: '1 L / month', count: 2, source: 'interview' as const },
      { role: 'Backend Intern', salary: '50,000 / month', count: 1, source: 'job' as const },
    ],
    timeline: [
      { month: '2025-11', interviews: 1, jobs: 0 },
      { month: '2026-03', interviews: 1, jobs: 1 },
    ],
  },
};

describe('Company page', () => {
  it('shows the company under its name with its stats, open jobs and experiences', async () => {
    const { requests } = renderRemoteScreen(<CompanyPage />, {
      user: null,
      path: '/companies/google',
      route: '/companies/:slug',
      replies: [contractReply(CompanyPageAnswer, google, { url: '/api/companies/google' })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Google' })).toBeInTheDocument();
    expect(requests[0]?.url).toMatch(/\/api\/companies\/google$/);
    expect(screen.getByText('2 interview experiences · 1 open job')).toBeInTheDocument();
    const about = screen.getByRole('complementary', { name: 'About this company' });
    expect(within(about).getByText('3.5')).toBeInTheDocument();
    expect(within(about).getByText('Nov 2025')).toBeInTheDocument();
    expect(within(about).getByText('1 interview, 1 job')).toBeInTheDocument();
    expect(within(about).getByText('1 L / month')).toBeInTheDocument();
    const jobs = screen.getByRole('region', { name: 'Open jobs' });
    expect(within(jobs).getByRole('heading', { name: 'Backend Intern' })).toBeInTheDocument();
    const experiences = screen.getByRole('region', { name: 'Interview experiences' });
    expect(within(experiences).getAllByRole('listitem')).toHaveLength(2);
  });

  it('an unknown company says so, with a way to the experiences and no retry', async () => {
    renderRemoteScreen(<CompanyPage />, {
      user: null,
      path: '/companies/nobody',
      route: '/companies/:slug',
      replies: [errorReply(404, { message: 'Company not found.', code: 'NOT_FOUND' })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse interview experiences' })).toHaveAttribute(
      'href',
      '/interviews',
    );
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('job and interview cards link to their company page, whatever the spelling', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [jobList([job('j1', ' GOOGLE '), job('j2', 'Société Générale')])],
    });
    expect(await screen.findByRole('link', { name: 'GOOGLE' })).toHaveAttribute('href', '/companies/google');
    expect(screen.getByRole('link', { name: 'Société Générale' })).toHaveAttribute(
      'href',
      `/companies/${encodeURIComponent('Société Générale')}`,
    );
  });

  it('an interview card links to its company page', async () => {
    renderRemoteScreen(<InterviewsPage />, {
      user: null,
      path: '/interviews',
      replies: [interviewPage([interview('i1', 'Goldman Sachs')])],
    });
    expect(await screen.findByRole('link', { name: 'More about Goldman Sachs' })).toHaveAttribute(
      'href',
      '/companies/goldman-sachs',
    );
  });
});
