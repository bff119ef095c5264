import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Post } from '@campus/contracts/community';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import PostPage from '../src/post/post-page';
import { comment, onePost, post, student, thread } from './community-fixtures';

const teacher = { ...student, _id: 'u-teacher', name: 'Prof. Mehta', isTeacher: true };
const openPost = (
  user: typeof student | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'],
) => renderRemoteScreen(<PostPage />, { user, path: '/post/p1', route: '/post/:postId', replies });

describe('Accepted answers and links (issue 27)', () => {
  it('shows a solved question with Solved and its accepted answer first, above the thread', async () => {
    openPost(null, [
      onePost(post('p1', 'Segfault in C', { comments: ['c1', 'c2'], acceptedCommentId: 'c2', solved: true })),
      thread('p1', [comment('c1', 'Try printf'), comment('c2', 'Check the null pointer')]),
    ]);
    const answer = await screen.findByRole('region', { name: /Accepted answer/ }, { timeout: 5000 });
    expect(within(answer).getByText('Check the null pointer')).toBeInTheDocument();
    expect(screen.getAllByText('Solved').length).toBeGreaterThanOrEqual(1);
    const thread_ = screen.getByRole('region', { name: 'Comments' });
    expect(answer.compareDocumentPosition(thread_) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A guest marks nothing.
    expect(screen.queryByRole('button', { name: 'Mark as answer' })).not.toBeInTheDocument();
  });

  it('lets a teacher mark a comment as the answer: PUT /answer with its id, and the page shows it accepted', async () => {
    const { requests } = openPost(teacher, [
      onePost(post('p1', 'Segfault in C', { comments: ['c1'] })),
      thread('p1', [comment('c1', 'Check the null pointer')]),
      contractReply(
        Post,
        post('p1', 'Segfault in C', { comments: ['c1'], acceptedCommentId: 'c1', solved: true }),
        {
          url: '/api/community/p1/answer',
          method: 'PUT',
        },
      ),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as answer' }));
    expect(await screen.findByRole('button', { name: 'Unmark answer' })).toBeInTheDocument();
    const put = requests.find((r) => r.url.includes('/answer'));
    expect(put?.body).toEqual({ commentId: 'c1' });
    expect(await screen.findByRole('region', { name: /Accepted answer/ })).toBeInTheDocument();
  });

  it('offers no Mark as answer to a student who did not ask, nor on a post that is not a question', async () => {
    openPost(student, [
      onePost(post('p1', 'Segfault in C', { comments: ['c1'], isOwnPost: false })),
      thread('p1', [comment('c1', 'Check the null pointer')]),
    ]);
    await screen.findByText('Check the null pointer');
    expect(screen.queryByRole('button', { name: 'Mark as answer' })).not.toBeInTheDocument();
  });

  it('copies the link of a comment (/post/<id>#comment-<id>) and says Copied!', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openPost(null, [
      onePost(post('p1', 'Segfault in C', { comments: ['c1'] })),
      thread('p1', [comment('c1', 'Hi')]),
    ]);
    await user.click(await screen.findByRole('button', { name: /Copy link to the comment/ }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/p1#comment-c1`);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link to this post' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/post/p1`));
  });
});
