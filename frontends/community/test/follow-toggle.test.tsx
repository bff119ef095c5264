import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Comment } from '@campus/contracts/community';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import PostPage from '../src/post/post-page';
import { comment, followAnswer, onePost, post, student, thread } from './community-fixtures';

const openPost = (
  user: typeof student | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'],
) => renderRemoteScreen(<PostPage />, { user, path: '/post/p1', route: '/post/:postId', replies });

const puts = (requests: Array<{ method: string; url: string; body: unknown }>) =>
  requests.filter((r) => r.method === 'PUT').map((r) => ({ url: r.url, body: r.body }));

describe('Follow / Mute on a thread', () => {
  it('when a guest opens a post, then there is no Follow toggle', async () => {
    openPost(null, [onePost(post('p1', 'Hostel wifi')), thread('p1', [])]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hostel wifi' })).toBeInTheDocument();
    await screen.findByText('No comments yet. Start the conversation.');
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/notified|Muted/)).not.toBeInTheDocument();
  });

  it('when a student who follows the post mutes it, then it says Follow and Muted at once, before the service answers, and the service is told following: false', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { requests, queryClient } = openPost(student, [
      onePost(post('p1', 'Hostel wifi', { following: true, followState: 'following' })),
      thread('p1', []),
      followAnswer('p1', false, { hold: answered }),
    ]);
    const toggle = await screen.findByRole('button', { name: 'Following' });
    expect(toggle).toHaveAccessibleDescription('You get notified of new comments');

    await userEvent.click(toggle);
    // The service has not answered yet: the new state shows already.
    const muted = await screen.findByRole('button', { name: 'Follow' });
    expect(muted).toHaveAccessibleDescription('Muted: no notifications for this post');
    expect(puts(requests)).toEqual([{ url: '/api/community/p1/follow', body: { following: false } }]);

    answer();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be changed/)).not.toBeInTheDocument();
  });

  it('when a student follows a post they never followed, then it said Not following (not Muted), the service is told following: true and it says Following', async () => {
    const { requests } = openPost(student, [
      onePost(post('p1', 'Hostel wifi', { following: false, followState: 'none' })),
      thread('p1', []),
      followAnswer('p1', true),
    ]);
    const toggle = await screen.findByRole('button', { name: 'Follow' });
    expect(toggle).toHaveAccessibleDescription('Not following: follow to get notified of new comments');
    await userEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAccessibleDescription(
      'You get notified of new comments',
    );
    expect(puts(requests)).toEqual([{ url: '/api/community/p1/follow', body: { following: true } }]);
  });

  it('when a student opens a post they followed and muted, then it says Follow and Muted', async () => {
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { following: false, followState: 'muted' })),
      thread('p1', []),
    ]);
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAccessibleDescription(
      'Muted: no notifications for this post',
    );
  });

  it('when the service refuses the change, then the toggle goes back to what it was and says the setting could not be changed', async () => {
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { following: false, followState: 'none' })),
      thread('p1', []),
      errorReply(
        503,
        { message: 'The community service is not answering.', code: 'SERVICE_UNAVAILABLE' },
        { url: '/api/community/p1/follow', method: 'PUT' },
      ),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(
      await screen.findByText('Your notification setting for this post could not be changed. Try again.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAccessibleDescription(
      'Not following: follow to get notified of new comments',
    );
    expect(screen.queryByRole('button', { name: 'Following' })).not.toBeInTheDocument();
  });

  it('when a student comments on a post they did not follow, then the post is read again and the toggle shows what the service now says (a commenter follows)', async () => {
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { following: false })),
      thread('p1', []),
      contractReply(
        Comment,
        comment('c1', 'Same here', { createdBy: { _id: student._id, name: student.name } }),
        {
          url: '/api/comments/p1',
          method: 'POST',
          status: 201,
        },
      ),
      onePost(post('p1', 'Hostel wifi', { following: true, comments: ['c1'], commentCount: 1 })),
    ]);
    await screen.findByRole('button', { name: 'Follow' });
    await userEvent.type(screen.getByLabelText('Your comment'), 'Same here');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });
});
