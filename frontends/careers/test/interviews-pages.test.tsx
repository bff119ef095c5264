import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import { InterviewExperience } from '@campus/contracts/careers';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import InterviewDetailPage from '../src/interviews/interview-detail-page';
import InterviewsPage from '../src/interviews/interviews-page';
import { interview, interviewPage } from './careers-fixtures';

describe('Interview experiences', () => {
  it('the search state in the URL is the first search; cards show rounds % 10 dots and open the detail', async () => {
    const { requests } = renderRemoteScreen(<InterviewsPage />, {
      user: null,
      path: '/interviews?q=graph&company=goo&sort=date_asc',
      route: '/interviews',
      replies: [interviewPage([interview('i1', 'Google', { interviewRounds: 12 })])],
    });
    const title = await screen.findByRole('link', { name: 'Google' });
    expect(title).toHaveAttribute('href', '/interviews/Google/i1');
    expect(
      screen.getByText('12 rounds').parentElement?.querySelectorAll('span[aria-hidden] > span'),
    ).toHaveLength(2);
    expect(screen.getByRole('searchbox', { name: 'Search interview experiences' })).toHaveValue('graph');
    expect(requests[0]?.url).toMatch(/q=graph&company=goo&sort=date_asc&page=1&limit=6/);
  });

  it('empty and failed searches say so in the spec words', async () => {
    renderRemoteScreen(<InterviewsPage />, { user: null, path: '/interviews', replies: [interviewPage([])] });
    expect(
      await screen.findByText('No interview experiences found matching your criteria'),
    ).toBeInTheDocument();
  });

  it("a failed search shows 'Error loading experiences: ' with the server's message", async () => {
    renderRemoteScreen(<InterviewsPage />, {
      user: null,
      path: '/interviews',
      replies: [
        errorReply(400, { message: 'Sort must be date_desc or date_asc', code: 'VALIDATION_FAILED' }),
      ],
    });
    expect(
      await screen.findByText('Error loading experiences: Sort must be date_desc or date_asc'),
    ).toBeInTheDocument();
  });

  it('the detail shows the facts with their fallbacks, the sanitized rounds and Anonymous', async () => {
    renderRemoteScreen(<InterviewDetailPage />, {
      user: null,
      path: '/interviews/Google/i1',
      route: '/interviews/:companyname/:id',
      replies: [
        contractReply(
          InterviewExperience,
          interview('i1', 'Google', {
            city: '',
            uploaderName: null,
            postedBy: null,
            interviewRoundsDescription:
              '<p onclick="alert(1)">Round <strong>one</strong></p><img src=x onerror="alert(1)"><script>alert(1)</script>',
          }),
          { url: '/api/interview/i1' },
        ),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Google' })).toBeInTheDocument();
    expect(screen.getByText('As Per Business')).toBeInTheDocument();
    expect(screen.getByText('January 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('one').tagName).toBe('STRONG');
    expect(document.querySelector('[onclick], [onerror], script')).toBeNull();
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Listings' })).toHaveAttribute('href', '/interviews');
  });

  it("an empty description says 'No additional details provided.' and the uploader is thanked by name", async () => {
    renderRemoteScreen(<InterviewDetailPage />, {
      user: null,
      path: '/interviews/Zoho/i3',
      route: '/interviews/:companyname/:id',
      replies: [
        contractReply(InterviewExperience, interview('i3', 'Zoho', { interviewRoundsDescription: '' }), {
          url: '/api/interview/i3',
        }),
      ],
    });
    expect(await screen.findByText('No additional details provided.')).toBeInTheDocument();
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
  });

  it("when the server fails, then 'Failed to load interview details.' with Try Again", async () => {
    renderRemoteScreen(<InterviewDetailPage />, {
      user: null,
      path: '/interviews/Google/i2',
      route: '/interviews/:companyname/:id',
      replies: [
        errorReply(503, { message: 'The careers service is unavailable.', code: 'SERVICE_UNAVAILABLE' }),
      ],
    });
    expect(await screen.findByText('Failed to load interview details.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it.each([
    [404, 'NOT_FOUND'],
    [400, 'VALIDATION_FAILED'],
  ])(
    'when the id is unknown or bad (%i), then "not found" with a way back to the listings and no Try Again',
    async (status, code) => {
      renderRemoteScreen(<InterviewDetailPage />, {
        user: null,
        path: '/interviews/Google/not-an-id',
        route: '/interviews/:companyname/:id',
        replies: [errorReply(status, { message: 'Interview experience not found.', code })],
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Interview experience not found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse interview experiences' })).toHaveAttribute(
        'href',
        '/interviews',
      );
      expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    },
  );
});
