import '@testing-library/jest-dom';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Comment } from '@campus/contracts/community';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { installFakeEventSource, type FakeStreams } from '@campus/web-kit/testing/fake-event-source';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import PostPage from '../src/post/post-page';
import { comment, onePost, post, student, thread } from './community-fixtures';

const openPost = (
  user: typeof student | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'],
) => renderRemoteScreen(<PostPage />, { user, path: '/post/p1', route: '/post/:postId', replies });

let streams: FakeStreams;
let scrolledTo: Element[] = [];
beforeEach(() => {
  streams = installFakeEventSource();
  scrolledTo = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolledTo.push(this);
  };
});
afterEach(() => {
  streams.uninstall();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

/** The page's stream once it watches the post, accepted by the server. */
async function postStream(postId = 'p1') {
  await waitFor(() => expect(streams.open().some((s) => s.query.get('post') === postId)).toBe(true));
  const stream = streams.open().find((s) => s.query.get('post') === postId)!;
  stream.accept();
  return {
    /** The server announces a new comment on a post (no author: the stream never names one). */
    comment: (commentId: string, { onPost = postId, parentId = null as string | null } = {}) =>
      act(() => stream.send('comment', { postId: onPost, commentId, parentId })),
  };
}

const article = (text: string) => screen.getByText(text).closest('article')!;
const threadReads = (requests: Array<{ method: string; url: string }>) =>
  requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/comments/p1')).length;

describe('Live comments on the thread page', () => {
  it('when two comments arrive while a student reads, then a polite "2 new comments" button shows and the thread stays as it is; pressing it reads the thread, lights the new ones up and puts focus on the first', async () => {
    const { requests } = openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'], following: true })),
      thread('p1', [comment('c1', 'First')]),
      thread('p1', [
        comment('c1', 'First'),
        comment('c2', 'A reply to the first', { parentId: 'c1' }),
        comment('c3', 'Another one'),
      ]),
      onePost(post('p1', 'Hostel wifi', { comments: ['c1', 'c2', 'c3'], following: true })),
    ]);
    await screen.findByText('First');
    const server = await postStream();
    server.comment('c2', { parentId: 'c1' });
    server.comment('c3');

    const more = await screen.findByRole('button', { name: '2 new comments' });
    expect(more.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('A reply to the first')).not.toBeInTheDocument();
    expect(threadReads(requests)).toBe(1);

    await userEvent.click(more);
    expect(await screen.findByText('A reply to the first')).toBeInTheDocument();
    expect(screen.getByText('Another one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new comment/ })).not.toBeInTheDocument();
    await waitFor(() => expect(article('A reply to the first')).toHaveFocus());
    expect(article('A reply to the first')).toHaveAttribute('data-highlighted');
    expect(article('Another one')).toHaveAttribute('data-highlighted');
    expect(article('First')).not.toHaveAttribute('data-highlighted');
    expect(await screen.findByText('3 Comments')).toBeInTheDocument();
    expect(threadReads(requests)).toBe(2);
  });

  it('counts each new comment of this post once: not one already shown, not one of another post, not the same one twice', async () => {
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'], following: true })),
      thread('p1', [comment('c1', 'First')]),
    ]);
    await screen.findByText('First');
    const server = await postStream();
    server.comment('c1');
    server.comment('c7', { onPost: 'p2' });
    server.comment('c2');
    server.comment('c2');
    expect(await screen.findByRole('button', { name: '1 new comment' })).toBeInTheDocument();
  });

  it('does not count the comment the student sends from this tab, even when its event comes before the service answers', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'], following: true })),
      thread('p1', [comment('c1', 'First')]),
      contractReply(Comment, comment('c9', 'Mine', { createdBy: { _id: student._id, name: student.name } }), {
        url: '/api/comments/p1',
        method: 'POST',
        status: 201,
        hold: answered,
      }),
    ]);
    await screen.findByText('First');
    const server = await postStream();
    await userEvent.type(screen.getByLabelText('Your comment'), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    server.comment('c9');
    // Rendered at once (act): while the comment is being sent, its event is not counted.
    expect(screen.queryByRole('button', { name: /new comment/ })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Mine')).toBeInTheDocument();

    server.comment('c10');
    expect(await screen.findByRole('button', { name: '1 new comment' })).toBeInTheDocument();
  });

  it('when the new comments cannot be read, then the button stays and says so', async () => {
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'], following: true })),
      thread('p1', [comment('c1', 'First')]),
      errorReply(
        503,
        { message: 'The community service is not answering.', code: 'SERVICE_UNAVAILABLE' },
        { url: '/api/comments/p1?limit=500', method: 'GET' },
      ),
    ]);
    await screen.findByText('First');
    const server = await postStream();
    server.comment('c2');
    await userEvent.click(await screen.findByRole('button', { name: '1 new comment' }));
    expect(await screen.findByText('New comments could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 new comment' })).toBeInTheDocument();
    expect(screen.getByText('First')).toBeInTheDocument();
  });

  it('a guest opens no stream', async () => {
    openPost(null, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'] })),
      thread('p1', [comment('c1', 'First')]),
    ]);
    await screen.findByText('First');
    expect(streams.made()).toEqual([]);
    expect(screen.queryByRole('button', { name: /new comment/ })).not.toBeInTheDocument();
  });
});
