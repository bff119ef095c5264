import { randomBytes } from 'node:crypto';
import type { Comment, Post } from '@campus/contracts/community';
import type { Notification } from '@campus/contracts/notifications';
import { ANONYMOUS_ACTOR } from '@campus/contracts/notifications-rules';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';

/**
 * The whole platform through the gateway: a comment in the community reaches the post's author as a
 * notification (community -> event -> notifications), which only they read, count and mark read.
 */
let asha: SignedInUser;
let bilal: SignedInUser;
const guest = new ApiClient();
const title = `Lab partner for the networks project zq${randomBytes(5).toString('hex')}`;
let post: Post;

beforeAll(async () => {
  [asha, bilal] = await Promise.all([signUp('student', 'Asha Verma'), signUp('student', 'Bilal Khan')]);
  const created = await asha.client.post<Post>('/api/community', {
    title,
    content: 'Anyone free on Thursdays?',
    tag: 'Q&A',
  });
  expect(created.status).toBe(201);
  post = created.body;
});

const listOf = (user: SignedInUser) => user.client.get<Notification[]>('/api/notifications');
const unreadOf = async (user: SignedInUser) =>
  (await user.client.get<{ count: number }>('/api/notifications/unread-count')).body.count;
/** The notifications of `user` once one about this post says `text` (events cross a bus: a moment later). */
const notified = (user: SignedInUser, text: string) =>
  waitFor(`${user.name}'s notification "${text}"`, async () => (await listOf(user)).body, {
    until: (list) => list.some((n) => n.text === text),
  });

describe('notifications through the gateway', () => {
  it('when B comments on A’s post, then A is told “B commented…”, the unread count is 1, and marking it read makes it 0', async () => {
    const comment = await bilal.client.post<Comment>(`/api/comments/${post._id}`, { content: 'I am!' });
    expect(comment.status).toBe(201);

    const list = await notified(asha, `${bilal.name} commented on your post “${title}”`);
    const mine = list.find((n) => n.link === `/post/${post._id}#comment-${comment.body._id}`)!;
    expect(mine).toMatchObject({
      kind: 'community.reply',
      actor: { name: bilal.name },
      read: false,
      count: 1,
    });
    expect(await unreadOf(asha)).toBe(1);

    const read = await asha.client.request<{ count: number }>('PATCH', '/api/notifications/read', {
      ids: [mine._id],
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ count: 0 });
    expect(await unreadOf(asha)).toBe(0);
  });

  it('when B asks for notifications or a guest does, then B has none of A’s and the guest gets 401', async () => {
    expect((await listOf(bilal)).body.filter((n) => n.link.startsWith(`/post/${post._id}`))).toEqual([]);
    expect((await guest.get('/api/notifications')).status).toBe(401);
    expect((await guest.get('/api/notifications/unread-count')).status).toBe(401);
  });

  it('when B comments anonymously, then A’s notification is from “Anonymous User” and names B nowhere', async () => {
    const comment = await bilal.client.post<Comment>(`/api/comments/${post._id}`, {
      content: 'A friend of mine too.',
      isAnonymous: true,
    });
    expect(comment.status).toBe(201);
    const list = await notified(asha, `${ANONYMOUS_ACTOR} commented on your post “${title}”`);
    const anonymous = list.find((n) => n.link.endsWith(comment.body._id));
    expect(anonymous).toMatchObject({ kind: 'community.reply', actor: { name: ANONYMOUS_ACTOR } });
    const answer = JSON.stringify(anonymous);
    expect(answer).not.toContain(bilal._id);
    expect(answer).not.toContain(bilal.name.split(' ').at(-1));
  });
});
