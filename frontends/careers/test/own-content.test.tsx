import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InterviewDeletedResponse, InterviewExperience, JobPost } from '@campus/contracts/careers';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import InterviewDetailPage from '../src/interviews/interview-detail-page';
import InterviewsPage from '../src/interviews/interviews-page';
import JobsPage from '../src/jobs/jobs-page';
import { interview, interviewPage, job, jobList, student } from './careers-fixtures';

// Quill (an ES module) does not load in jsdom: the editor is a plain text area here.
jest.mock('../src/forms/rounds-editor', () => ({
  __esModule: true,
  default: ({ value, onChange }: { value: string; onChange(html: string): void }) => (
    <textarea aria-label="Rounds description" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

// Drafts are written when a form goes away, which includes the cleanup after a test.
beforeEach(() => window.localStorage.clear());

const someoneElse = 'u-someone-else';
const card = (name: string) => screen.getByText(name).closest('li')!;

describe('job posts: the author edits and deletes, everyone else reports', () => {
  it('when the author reads All Job Posts, then their card has Edit and Delete and the others’ have Report', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: student,
      path: '/jobs',
      replies: [jobList([job('j1', 'Razorpay'), job('j2', 'Zerodha', { postedBy: someoneElse })])],
    });
    await screen.findByText('Razorpay');
    const mine = within(card('Razorpay'));
    expect(mine.getByRole('button', { name: 'Edit Backend Intern at Razorpay' })).toBeInTheDocument();
    expect(mine.getByRole('button', { name: 'Delete Backend Intern at Razorpay' })).toBeInTheDocument();
    expect(mine.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    const theirs = within(card('Zerodha'));
    expect(theirs.getByRole('button', { name: 'Report this job post' })).toBeInTheDocument();
    expect(theirs.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(card('Razorpay')).toHaveAttribute('id', 'job-j1');
  });

  it('when a guest reads the list, then no Edit or Delete anywhere, only Report', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [jobList([job('j1', 'Razorpay')])],
    });
    await screen.findByText('Razorpay');
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this job post' })).toBeInTheDocument();
  });

  it('when the author edits, then the create form comes prefilled, the whole post is sent with PATCH, and the list is read again', async () => {
    const { requests } = renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [
        jobList([job('j1', 'Razorpay')]),
        contractReply(
          JobPost,
          job('j1', 'Razorpay', { role: 'SDE 1', editedAt: '2026-03-02T09:00:00.000Z' }),
          { url: '/api/job/jobpost/j1', method: 'PATCH' },
        ),
        jobList([job('j1', 'Razorpay', { role: 'SDE 1', editedAt: '2026-03-02T09:00:00.000Z' })]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Backend Intern at Razorpay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Backend Intern at Razorpay' });
    const role = within(dialog).getByLabelText(/^Role/);
    expect(role).toHaveValue('Backend Intern');
    expect(within(dialog).getByLabelText(/^Company name/)).toHaveValue('Razorpay');
    await userEvent.clear(role);
    await userEvent.type(role, 'SDE 1');
    await userEvent.clear(within(dialog).getByLabelText(/^City/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Job post updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url).toContain('/api/job/jobpost/j1');
    expect(patch?.body).toMatchObject({ role: 'SDE 1', companyName: 'Razorpay', city: '' });
    expect(patch?.body).not.toHaveProperty('postedBy');
    expect(await screen.findByRole('heading', { name: 'SDE 1' })).toBeInTheDocument();
    expect(screen.getByText(/edited/)).toBeInTheDocument();
  });

  it('when the edit is refused, then the dialog stays with what was typed and the server’s message under the field', async () => {
    renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [
        jobList([job('j1', 'Razorpay')]),
        errorReply(
          400,
          {
            message: CAREERS_MESSAGES.linkInvalid,
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'jobLink', message: CAREERS_MESSAGES.linkInvalid }],
          },
          { method: 'PATCH' },
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Backend Intern at Razorpay' }));
    const dialog = await screen.findByRole('dialog');
    const description = within(dialog).getByLabelText(/^Job description/);
    await userEvent.type(description, ' Remote friendly.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(CAREERS_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(description).toHaveValue('Go and SQL. Remote friendly.');
  });

  it('when a link names a post (/jobs#job-<id>, moderation’s link), then its card gets focus once the list shows it', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs#job-j2',
      route: '/jobs',
      replies: [jobList([job('j1', 'Razorpay'), job('j2', 'Zerodha')])],
    });
    await screen.findByText('Zerodha');
    await waitFor(() => expect(card('Zerodha')).toHaveFocus());
  });

  it('when a moderator hid the author’s post, then My Posted Job says why', async () => {
    renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [
        jobList([
          job('j1', 'Razorpay', { moderation: { state: 'hidden', reason: 'The link asks for a fee.' } }),
        ]),
      ],
    });
    expect(await screen.findByText('Hidden by a moderator: The link asks for a fee.')).toBeInTheDocument();
  });
});

describe('interview experiences: the author (the service says mine) edits and deletes, everyone else reports', () => {
  it('when the author’s anonymous experience is in the list, then it has Edit and Delete; another’s has Report', async () => {
    renderRemoteScreen(<InterviewsPage />, {
      user: student,
      path: '/interviews',
      replies: [
        interviewPage([
          interview('i1', 'Google', { postedBy: null, uploaderName: null, mine: true }),
          interview('i2', 'Amazon', { postedBy: someoneElse, uploaderName: 'Vikram' }),
        ]),
      ],
    });
    await screen.findByRole('link', { name: 'Google' });
    const mine = within(screen.getByRole('link', { name: 'Google' }).closest('li')!);
    expect(mine.getByRole('button', { name: 'Edit SDE Intern at Google' })).toBeInTheDocument();
    expect(mine.getByRole('button', { name: 'Delete SDE Intern at Google' })).toBeInTheDocument();
    const theirs = within(screen.getByRole('link', { name: 'Amazon' }).closest('li')!);
    expect(theirs.getByRole('button', { name: 'Report this interview experience' })).toBeInTheDocument();
    expect(theirs.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  it('when the author edits an anonymous experience, then the form is prefilled, says it stays anonymous, and sends no anonymity', async () => {
    const anonymous = interview('i1', 'Google', { postedBy: null, uploaderName: null, mine: true });
    const { requests } = renderRemoteScreen(<InterviewDetailPage />, {
      user: student,
      path: '/interviews/Google/i1',
      route: '/interviews/:companyname/:id',
      replies: [
        contractReply(InterviewExperience, anonymous, { url: '/api/interview/i1', method: 'GET' }),
        contractReply(
          InterviewExperience,
          { ...anonymous, role: 'SDE', editedAt: '2026-03-02T09:00:00.000Z' },
          { url: '/api/interview/i1', method: 'PATCH' },
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SDE Intern at Google' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Shared anonymously/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Interview rounds/)).toHaveValue(3);
    const role = within(dialog).getByLabelText(/^Role/);
    await userEvent.clear(role);
    await userEvent.type(role, 'SDE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Interview experience updated')).toBeInTheDocument();
    expect(await screen.findByText('SDE')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({ role: 'SDE', companyName: 'Google', interviewRounds: 3 });
    expect(patch?.body).not.toHaveProperty('isAnonymous');
  });

  it('when the author deletes from the detail page, then it asks, deletes, and goes back to the listings', async () => {
    const { requests, location } = renderRemoteScreen(<InterviewDetailPage />, {
      user: student,
      path: '/interviews/Google/i1',
      route: '/interviews/:companyname/:id',
      replies: [
        contractReply(InterviewExperience, interview('i1', 'Google', { mine: true }), {
          url: '/api/interview/i1',
          method: 'GET',
        }),
        contractReply(
          InterviewDeletedResponse,
          { success: true, message: CAREERS_MESSAGES.interviewDeleted, data: { _id: 'i1' } },
          { url: '/api/interview/i1', method: 'DELETE' },
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SDE Intern at Google' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete interview experience' }));
    await waitFor(() => expect(location.pathname).toBe('/interviews'));
    expect(await screen.findByText(CAREERS_MESSAGES.interviewDeleted)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('when a moderator hid the author’s experience, then its page says why and it was edited says when', async () => {
    renderRemoteScreen(<InterviewDetailPage />, {
      user: student,
      path: '/interviews/Google/i1',
      route: '/interviews/:companyname/:id',
      replies: [
        contractReply(
          InterviewExperience,
          interview('i1', 'Google', {
            mine: true,
            editedAt: '2026-03-02T09:00:00.000Z',
            moderation: { state: 'hidden', reason: 'Names the interviewer.' },
          }),
        ),
      ],
    });
    expect(await screen.findByText('Hidden by a moderator: Names the interviewer.')).toBeInTheDocument();
    expect(screen.getByText(/edited/)).toBeInTheDocument();
  });

  it('when a reader (not the author) opens an experience, then Report, no Edit or Delete', async () => {
    renderRemoteScreen(<InterviewDetailPage />, {
      user: student,
      path: '/interviews/Google/i1',
      route: '/interviews/:companyname/:id',
      replies: [
        contractReply(
          InterviewExperience,
          interview('i1', 'Google', { postedBy: someoneElse, uploaderName: 'V' }),
        ),
      ],
    });
    expect(
      await screen.findByRole('button', { name: 'Report this interview experience' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});
