import { randomBytes } from 'node:crypto';
import type { Campaign, Comment, Post } from '@campus/contracts/community';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';

interface CampaignsAnswer {
  success: boolean;
  data: Campaign[];
}

let author: SignedInUser;
let reader: SignedInUser;
let teacher: SignedInUser;
const guest = new ApiClient();
const title = `Exam timetable clash zq${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  [author, reader, teacher] = await Promise.all([
    signUp('student', 'Asha Verma'),
    signUp('student', 'Rohan Das'),
    signUp('teacher', 'Prof. Kavya Rao'),
  ]);
});

describe('community through the gateway: posts, anonymity, votes, threads, pledges', () => {
  let named: Post;
  let secret: Post;

  it('when a teacher posts, then 201 and the post names them (the name identity announced)', async () => {
    const res = await teacher.client.post<Post>('/api/community', {
      title: `${title} (teacher)`,
      content: 'Office hours move to Friday.',
      tag: 'Discussion',
      createdBy: reader._id,
    });
    expect(res.status).toBe(201);
    named = res.body;
    expect(named.createdBy).toEqual({ _id: teacher._id, name: teacher.name });
  });

  it('when a student posts anonymously, then no answer of the API names them', async () => {
    const res = await author.client.post<Post>('/api/community', {
      title,
      content: 'Two papers on the same morning.',
      tag: 'Complain',
      isAnonymous: true,
    });
    expect(res.status).toBe(201);
    secret = res.body;
    const voted = await author.client.request<Post>('PATCH', `/api/community/${secret._id}/upvote`, {});
    expect(voted.status).toBe(200);
    for (const body of [
      (await guest.get<Post[]>('/api/community')).body,
      (await guest.get<Post[]>('/api/community?sort=trending&limit=5')).body,
      (await guest.get<Post>(`/api/community/${secret._id}`)).body,
      (await reader.client.get<Post>(`/api/community/${secret._id}`)).body,
    ]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(author._id);
      expect(text).not.toContain(author.name);
    }
  });

  it('when a guest votes or comments, then 401', async () => {
    expect((await guest.request('PATCH', `/api/community/${secret._id}/upvote`, {})).status).toBe(401);
    expect((await guest.post(`/api/comments/${secret._id}`, { content: 'hi' })).status).toBe(401);
  });

  it('when a student votes up, again, then down, then the vote toggles and switches', async () => {
    const vote = (way: string) =>
      reader.client.request<Post>('PATCH', `/api/community/${named._id}/${way}`, { userId: author._id });
    expect((await vote('upvote')).body).toMatchObject({
      upvotes: 1,
      downvotes: 0,
      myVote: 'up',
      upvote: [reader._id],
    });
    expect((await vote('upvote')).body).toMatchObject({ upvotes: 0, downvotes: 0, myVote: null });
    expect((await vote('downvote')).body).toMatchObject({ upvotes: 0, downvotes: 1, myVote: 'down' });
  });

  it('when students reply in a thread, anonymously too, then the list is oldest first with parentIds', async () => {
    const top = await reader.client.post<Comment>(`/api/comments/${named._id}`, { content: 'Thanks!' });
    expect(top.status).toBe(201);
    const reply = await author.client.post<Comment>(`/api/comments/${named._id}`, {
      content: 'Same here.',
      parentId: top.body._id,
      isAnonymous: true,
    });
    expect(reply.status).toBe(201);
    const list = await guest.get<Comment[]>(`/api/comments/${named._id}`);
    expect(list.body.map((c) => [c.content, c.parentId, c.createdBy.name])).toEqual([
      ['Thanks!', null, reader.name],
      ['Same here.', top.body._id, 'Anonymous User'],
    ]);
    expect(JSON.stringify(list.body)).not.toContain(author._id);
  });

  it('when a student pledges, then 201 pending: the public total waits for the organiser, the pending sum grows (issue 28)', async () => {
    const before = (await guest.get<CampaignsAnswer>('/api/fundraising')).body.data.find(
      (c) => c.id === '2',
    )!;
    const utr = String(Date.now()).slice(-12).padStart(12, '7');
    const res = await reader.client.post('/api/fundraising/2/pledges', { amount: 300, utr });
    expect(res.status).toBe(201);
    const after = (await guest.get<CampaignsAnswer>('/api/fundraising')).body.data.find((c) => c.id === '2')!;
    expect(after.raised).toBe(before.raised);
    expect(after.pending.sum).toBe(before.pending.sum + 300);
    expect((await reader.client.post('/api/fundraising/2/pledges', { amount: 300, utr })).status).toBe(409);
    expect((await reader.client.post('/api/fundraising/2/pledges', { amount: 0 })).status).toBe(400);
  });
});
