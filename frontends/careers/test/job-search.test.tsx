import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobSearchResponse } from '@campus/contracts/careers';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import JobsPage from '../src/jobs/jobs-page';
import { job, jobList } from './careers-fixtures';

const searchPage = (jobs: ReturnType<typeof job>[]) =>
  contractReply(
    JobSearchResponse,
    {
      success: true,
      message: jobs.length ? 'Job posts found' : 'No job posts found',
      data: jobs,
      page: 1,
      pages: jobs.length ? 1 : 0,
      total: jobs.length,
    },
    { match: '/api/job/search' },
  );

const dayFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('Job search', () => {
  it('the search in the URL is sent to the search call with every filter; no filter reads the spec list', async () => {
    const { requests } = renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs?q=backend&jobType=Intern&city=pune&closing=7&paid=true',
      route: '/jobs',
      replies: [searchPage([job('j1', 'Razorpay')])],
    });
    expect(await screen.findByText('Razorpay')).toBeInTheDocument();
    expect(requests[0]?.url).toMatch(
      /\/api\/job\/search\?q=backend&jobType=Intern&city=pune&closingWithinDays=7&paid=true&page=1&limit=20/,
    );
    expect(screen.getByRole('searchbox', { name: 'Search job posts' })).toHaveValue('backend');
    expect(screen.getByRole('checkbox', { name: 'Paid only' })).toBeChecked();
  });

  it('typing words searches after the pause, and an empty result says so', async () => {
    const { requests } = renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      route: '/jobs',
      replies: [jobList([job('j1', 'Razorpay')]), searchPage([])],
    });
    expect(await screen.findByText('Razorpay')).toBeInTheDocument();
    expect(requests[0]?.url).toMatch(/\/api\/job\/alljobpost/);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search job posts' }), 'zomato');
    expect(await screen.findByText('No job posts match your search.')).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.url).toMatch(/\/api\/job\/search\?q=zomato&page=1/));
  });

  it('a card with an apply-by date says when it closes', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [
        jobList([
          job('j1', 'Razorpay', { applyBy: dayFromToday(3) }),
          job('j2', 'Zoho', { applyBy: dayFromToday(0) }),
          job('j3', 'TCS', { applyBy: null }),
        ]),
      ],
    });
    expect(await screen.findByText('(closes in 3 days)')).toBeInTheDocument();
    expect(screen.getByText('(closes today)')).toBeInTheDocument();
    expect(screen.getAllByText('Apply by')).toHaveLength(2);
  });
});
