import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobDeletedResponse } from '@campus/contracts/careers';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { apiReads, firstHtmlPreloads } from '@campus/web-kit/testing/first-html-preloads';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import JobsPage from '../src/jobs/jobs-page';
import { job, jobList, student } from './careers-fixtures';

describe('Job posts', () => {
  it('a guest sees All Job Posts without delete buttons and no My Posted Job tab', async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [jobList([job('j1', 'Razorpay')])],
    });
    expect(await screen.findByText('Razorpay')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Job Posts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'My Posted Job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/feature');
  });

  it('its first read is exactly the one the first HTML preloads (shell/public/remotes.json), so it is fetched once', async () => {
    const { requests } = renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [jobList([job('j1', 'Razorpay')])],
    });
    expect(await screen.findByText('Razorpay')).toBeInTheDocument();
    expect(apiReads(requests)).toEqual(firstHtmlPreloads('/jobs'));
  });

  it('when the owner presses Delete, then it asks first (focus on Cancel) and Cancel deletes nothing', async () => {
    const { requests } = renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [jobList([job('j1', 'Razorpay')])],
    });
    const del = await screen.findByRole('button', { name: 'Delete Backend Intern at Razorpay' });
    await userEvent.click(del);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this job post?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(del).toHaveFocus();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('a signed-in user on My Posted Job asks for their own posts, confirms a delete, sees "Job Post Deleted" and stays on My Posted Job', async () => {
    const { requests, location } = renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [
        jobList([job('j1', 'Razorpay')]),
        contractReply(
          JobDeletedResponse,
          { success: true, message: 'Job Post Deleted', data: { _id: 'j1' } },
          {
            url: '/api/job/jobpost/j1',
            method: 'DELETE',
          },
        ),
        jobList([]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Backend Intern at Razorpay' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete job post' }));
    expect(await screen.findByText('Job Post Deleted')).toBeInTheDocument();
    expect(await screen.findByText('You have not posted a job yet.')).toBeInTheDocument();
    expect(location.pathname).toBe('/jobs/myjobpost');
    expect(requests[0]?.url).toContain('mine=true');
  });

  it("when a delete fails, then 'Failed to delete the job post'", async () => {
    renderRemoteScreen(<JobsPage mine />, {
      user: student,
      path: '/jobs/myjobpost',
      replies: [
        jobList([job('j1', 'Razorpay')]),
        errorReply(
          403,
          { message: 'You can only delete your own job posts.', code: 'NOT_OWNER' },
          { method: 'DELETE' },
        ),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Backend Intern at Razorpay' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete job post' }));
    expect(await screen.findByText('Failed to delete the job post')).toBeInTheDocument();
  });

  it("when the list cannot load, then 'Error fetching jobs'", async () => {
    renderRemoteScreen(<JobsPage mine={false} />, {
      user: null,
      path: '/jobs',
      replies: [errorReply(500, { message: 'boom', code: 'INTERNAL' })],
    });
    expect(await screen.findByText('Error fetching jobs')).toBeInTheDocument();
  });
});
