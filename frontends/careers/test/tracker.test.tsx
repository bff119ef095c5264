import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrackerResponse, TrackJobResponse, type JobPost, type TrackedJob } from '@campus/contracts/careers';
import type { TrackStatus } from '@campus/contracts/careers-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import JobsPage from '../src/jobs/jobs-page';
import { TRACKER_UNREAD } from '../src/jobs/track-control';
import TrackerPage from '../src/tracker/tracker-page';
import { job, jobList, student } from './careers-fixtures';

/** A day from today on this device, as apply-by dates are written. */
const dayFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Someone else's post (the student tracks it). */
const post = (id: string, companyName: string, change: Partial<JobPost> = {}) =>
  job(id, companyName, { postedBy: 'u-recruiter', ...change });

function tracked(jobPost: JobPost, status: TrackStatus, note = '', updatedAt = '2026-03-05T09:00:00.000Z') {
  return {
    job: jobPost,
    status,
    note,
    history: [{ status, at: updatedAt }],
    createdAt: updatedAt,
    updatedAt,
  } satisfies TrackedJob;
}

const trackerReply = (items: TrackedJob[]) =>
  contractReply(TrackerResponse, { success: true, data: items }, { url: '/api/job/tracker', method: 'GET' });
const trackReply = (jobId: string, data: TrackedJob | null) =>
  contractReply(TrackJobResponse, { success: true, data }, { url: `/api/job/${jobId}/track`, method: 'PUT' });

const openTracker = (
  items: TrackedJob[] | null,
  path = '/jobs/tracker',
  more = [] as ReturnType<typeof trackReply>[],
) =>
  renderRemoteScreen(<TrackerPage />, {
    user: items ? student : null,
    path,
    route: '/jobs/tracker',
    replies: items ? [trackerReply(items), ...more] : [],
  });

const cardOf = (role: string) => screen.getByRole('heading', { level: 3, name: role }).closest('li')!;

describe('/jobs/tracker: My applications', () => {
  test('a guest is asked to log in, and nothing is asked of the service', () => {
    const { requests } = openTracker(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your saved jobs and applications.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('with nothing saved, the empty state says how to save a job and leads to the job posts', async () => {
    openTracker([]);
    expect(await screen.findByText('No saved jobs yet.')).toBeInTheDocument();
    expect(screen.getByText(/Press Save on a job post to keep it here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse job posts' })).toHaveAttribute('href', '/jobs');
  });

  test('tracked jobs are grouped by status in order, each with its company page, apply-by, last change and note', async () => {
    const { requests } = openTracker([
      tracked(post('j2', 'Zomato', { role: 'Data Analyst', applyBy: dayFromToday(-1) }), 'applied'),
      tracked(post('j1', 'Razorpay', { applyBy: dayFromToday(3) }), 'saved', 'Ask Priya for a referral'),
      tracked(post('j3', 'Swiggy', { role: 'SDE 1' }), 'offer'),
    ]);
    const groups = await screen.findAllByRole('heading', { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(['Saved (1)', 'Applied (1)', 'Offer (1)']);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/job/tracker']);

    const saved = within(cardOf('Backend Intern'));
    expect(saved.getByRole('link', { name: 'Razorpay' })).toHaveAttribute('href', '/companies/razorpay');
    expect(saved.getByText('(closes in 3 days)')).toBeInTheDocument();
    expect(saved.getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(saved.getByRole('textbox', { name: /Note/ })).toHaveValue('Ask Priya for a referral');
    expect(saved.getByRole('combobox', { name: 'Status of Backend Intern at Razorpay' })).toHaveValue(
      'saved',
    );
    expect(saved.getByRole('link', { name: 'Apply for Backend Intern at Razorpay' })).toHaveAttribute(
      'href',
      'https://jobs.example.com/1',
    );
    expect(within(cardOf('Data Analyst')).getByText('(closed)')).toBeInTheDocument();
    expect(within(cardOf('SDE 1')).getByText('No date given')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (3)' })).toHaveAttribute('aria-selected', 'true');
  });

  test('?status=applied shows only the applied ones, its tab selected, and says when a status has none', async () => {
    openTracker(
      [
        tracked(post('j1', 'Razorpay'), 'saved'),
        tracked(post('j2', 'Zomato', { role: 'Data Analyst' }), 'applied'),
      ],
      '/jobs/tracker?status=applied',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Applied (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Data Analyst' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Backend Intern' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Applied (1)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Offer (0)' }));
    expect(await screen.findByText('No job is Offer yet.')).toBeInTheDocument();
  });

  test('moving a job to Interviewing sends its status and moves its card to that group', async () => {
    const razorpay = post('j1', 'Razorpay');
    const { requests } = openTracker([tracked(razorpay, 'applied')], '/jobs/tracker', [
      trackReply('j1', tracked(razorpay, 'interviewing', '', '2026-03-06T09:00:00.000Z')),
    ]);
    const status = await screen.findByRole('combobox', { name: 'Status of Backend Intern at Razorpay' });
    await userEvent.selectOptions(status, 'interviewing');
    expect(await screen.findByRole('heading', { level: 2, name: 'Interviewing (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Applied (1)' })).not.toBeInTheDocument();
    expect(await screen.findByText('Backend Intern at Razorpay: Interviewing')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      url: '/api/job/j1/track',
      method: 'PUT',
      body: { status: 'interviewing' },
    });
  });

  test('editing the note saves it with the current status', async () => {
    const razorpay = post('j1', 'Razorpay');
    const { requests } = openTracker([tracked(razorpay, 'saved')], '/jobs/tracker', [
      trackReply('j1', tracked(razorpay, 'saved', 'Referral from Priya')),
    ]);
    const note = await screen.findByRole('textbox', { name: /Note/ });
    await userEvent.type(note, '  Referral from Priya ');
    await userEvent.click(screen.getByRole('button', { name: 'Save note on Backend Intern at Razorpay' }));
    expect(await screen.findByText('Note saved for Backend Intern at Razorpay')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      url: '/api/job/j1/track',
      method: 'PUT',
      body: { status: 'saved', note: 'Referral from Priya' },
    });
  });

  test('a note typed but not saved goes with a change of status, and is there in the new group', async () => {
    const razorpay = post('j1', 'Razorpay');
    const { requests } = openTracker([tracked(razorpay, 'applied')], '/jobs/tracker', [
      trackReply(
        'j1',
        tracked(razorpay, 'interviewing', 'Interview on Tuesday, 10 am', '2026-03-06T09:00:00.000Z'),
      ),
    ]);
    await userEvent.type(await screen.findByRole('textbox', { name: /Note/ }), 'Interview on Tuesday, 10 am');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status of Backend Intern at Razorpay' }),
      'interviewing',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Interviewing (1)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Interview on Tuesday, 10 am');
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: { status: 'interviewing', note: 'Interview on Tuesday, 10 am' },
    });
  });

  test('Remove stops tracking the job: it leaves the page, and the empty state shows', async () => {
    const { requests } = openTracker([tracked(post('j1', 'Razorpay'), 'rejected')], '/jobs/tracker', [
      trackReply('j1', null),
    ]);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Backend Intern at Razorpay from My applications' }),
    );
    expect(await screen.findByText('No saved jobs yet.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', body: { status: 'none' } });
  });

  test('when the service refuses a change, the card stays and says why', async () => {
    openTracker([tracked(post('j1', 'Razorpay'), 'saved')], '/jobs/tracker', [
      errorReply(404, { message: 'Job post not found.', code: 'NOT_FOUND' }, { method: 'PUT' }),
    ]);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Status of Backend Intern at Razorpay' }),
      'applied',
    );
    expect(
      await screen.findByText('Could not update Backend Intern at Razorpay: Job post not found.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Saved (1)' })).toBeInTheDocument();
  });

  test('when the tracker cannot load, an error with Retry', async () => {
    renderRemoteScreen(<TrackerPage />, {
      user: student,
      path: '/jobs/tracker',
      replies: [errorReply(500, { message: 'Something went wrong.', code: 'INTERNAL' }), trackerReply([])],
    });
    expect(await screen.findByText(/Could not load your applications/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No saved jobs yet.')).toBeInTheDocument();
  });
});

describe('Save on the job posts', () => {
  test('the jobs page links to My applications', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [jobList([post('j1', 'Razorpay')])],
    });
    expect(await screen.findByRole('link', { name: 'My applications' })).toHaveAttribute(
      'href',
      '/jobs/tracker',
    );
  });

  test('a guest who presses Save goes to log in and comes back to the jobs', async () => {
    const { location, requests } = renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [jobList([post('j1', 'Razorpay')])],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Backend Intern at Razorpay' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(location.search).toBe('?next=%2Fjobs');
    expect(requests.filter((r) => r.url.includes('/track'))).toEqual([]);
  });

  test('a student saves a job: it is tracked as saved, and the card then shows its status, which moves it on', async () => {
    const razorpay = post('j1', 'Razorpay');
    const { requests } = renderRemoteScreen(<JobsPage mine={false} />, {
      user: student,
      path: '/jobs',
      replies: [
        jobList([razorpay, post('j2', 'Zomato', { role: 'Data Analyst' })]),
        trackerReply([tracked(post('j2', 'Zomato', { role: 'Data Analyst' }), 'applied')]),
        trackReply('j1', tracked(razorpay, 'saved')),
        trackReply('j1', tracked(razorpay, 'applied')),
      ],
    });
    // Already tracked: its status shows.
    expect(await screen.findByRole('combobox', { name: 'My status for Data Analyst at Zomato' })).toHaveValue(
      'applied',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Backend Intern at Razorpay' }));
    const status = await screen.findByRole('combobox', { name: 'My status for Backend Intern at Razorpay' });
    expect(status).toHaveValue('saved');
    expect(screen.getByText('Saved Backend Intern at Razorpay to My applications')).toBeInTheDocument();
    await userEvent.selectOptions(status, 'applied');
    await waitFor(() => expect(status).toHaveValue('applied'));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body])).toEqual([
      ['/api/job/j1/track', { status: 'saved' }],
      ['/api/job/j1/track', { status: 'applied' }],
    ]);
    // One read of the tracker serves every card.
    expect(requests.filter((r) => r.url === '/api/job/tracker')).toHaveLength(1);
  });

  test('when My applications could not be read, Save sends nothing (the job may be at Offer), says so and reads it again', async () => {
    const razorpay = post('j1', 'Razorpay');
    const { requests } = renderRemoteScreen(<JobsPage mine={false} />, {
      user: student,
      path: '/jobs',
      replies: [
        jobList([razorpay]),
        errorReply(500, { message: 'Something went wrong.', code: 'INTERNAL' }, { url: '/api/job/tracker' }),
        trackerReply([tracked(razorpay, 'offer')]),
      ],
    });
    const save = await screen.findByRole('button', { name: 'Save Backend Intern at Razorpay' });
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(save);
    expect(await screen.findByText(TRACKER_UNREAD)).toBeInTheDocument();
    expect(
      await screen.findByRole(
        'combobox',
        { name: 'My status for Backend Intern at Razorpay' },
        { timeout: 5000 },
      ),
    ).toHaveValue('offer');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  test("the author's own post has no Save, and nothing is asked about the tracker for it", async () => {
    const { requests } = renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [jobList([job('j1', 'Razorpay')])],
    });
    expect(
      await screen.findByRole('button', { name: 'Delete Backend Intern at Razorpay' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/job/tracker')).toEqual([]);
  });
});
