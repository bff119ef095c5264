import { randomBytes } from 'node:crypto';
import type { Comment, Post } from '@campus/contracts/community';
import { ANONYMOUS_ACTOR } from '@campus/contracts/notifications-rules';
import { openEventStreamClient, type OpenedStream } from '@campus/service-kit/testing/event-stream-client';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';

/**
 * The live stream on the whole platform (embedded, or one process per service over RabbitMQ): a
 * comment in the community reaches the post author's open stream as it happens (community -> event
 * -> notifications -> 'notifications.changed' -> every replica's streams), and the post's watchers
 * see that a comment came, without who wrote it.
 */
let asha: SignedInUser;
let bilal: SignedInUser;
let post: Post;
const streams: OpenedStream[] = [];

/** A stream as the browser's EventSource opens it: the session cookie, nothing else. */
async function streamOf(user: SignedInUser, query = '') {
  const stream = await openEventStreamClient(`${user.client.baseUrl}/api/notifications/stream${query}`, {
    cookie: `cc_access=${user.client.cookie('cc_access')}`,
  });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}
const data = (frame: { data: string }) => JSON.parse(frame.data) as Record<string, unknown>;

beforeAll(async () => {
  [asha, bilal] = await Promise.all([signUp('student', 'Asha Verma'), signUp('student', 'Bilal Khan')]);
  const created = await asha.client.post<Post>('/api/community', {
    title: `Study group for signals zq${randomBytes(5).toString('hex')}`,
    content: 'Weekends, library, second floor.',
    tag: 'Discussion',
  });
  expect(created.status).toBe(201);
  post = created.body;
});
afterAll(() => {
  for (const stream of streams) stream.close();
});

describe('the live stream through the gateway', () => {
  it('when a guest opens it, then 401', async () => {
    const res = await new ApiClient().get('/api/notifications/stream');
    expect(res.status).toBe(401);
  });

  it('when B comments on A’s post, then A’s open stream gets the comment and the notification as they happen; B’s gets none of it', async () => {
    const ashas = await streamOf(asha, `?post=${post._id}`);
    const bilals = await streamOf(bilal);
    expect(data(await ashas.next((f) => f.event === 'unread'))).toEqual({ count: 0 });
    await bilals.next((f) => f.event === 'unread');

    const comment = await bilal.client.post<Comment>(`/api/comments/${post._id}`, {
      content: 'Count me in.',
    });
    expect(comment.status).toBe(201);

    const live = await ashas.next((f) => f.event === 'comment');
    expect(data(live)).toEqual({ postId: post._id, commentId: comment.body._id, parentId: null });
    const notification = await ashas.next((f) => f.event === 'notification');
    expect(data(notification)).toMatchObject({
      kind: 'community.reply',
      link: `/post/${post._id}#comment-${comment.body._id}`,
      actor: { name: bilal.name },
      read: false,
    });
    expect(notification.id).toMatch(/^\d+$/);
    await ashas.next((f) => f.event === 'unread' && data(f).count === 1);
    expect(bilals.frames.filter((f) => f.event !== 'unread')).toEqual([]);
  });

  it('when B comments anonymously, then A’s stream says a comment came and who as Anonymous User, and names B nowhere', async () => {
    // Read: the next comment starts a notification of its own instead of joining the unread one.
    await asha.client.request('PATCH', '/api/notifications/read', { all: true });
    const ashas = await streamOf(asha, `?post=${post._id}`);
    await ashas.next((f) => f.event === 'unread' && data(f).count === 0);

    const comment = await bilal.client.post<Comment>(`/api/comments/${post._id}`, {
      content: 'Me too, quietly.',
      isAnonymous: true,
    });
    expect(comment.status).toBe(201);

    expect(data(await ashas.next((f) => f.event === 'comment'))).toEqual({
      postId: post._id,
      commentId: comment.body._id,
      parentId: null,
    });
    const notification = await ashas.next((f) => f.event === 'notification');
    expect(data(notification)).toMatchObject({ actor: { name: ANONYMOUS_ACTOR } });
    expect(ashas.text()).not.toContain(bilal._id);
    expect(ashas.text()).not.toContain(bilal.name);
  });
});
