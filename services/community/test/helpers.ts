import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import type { Post } from '@campus/contracts/community';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { signAccessToken, type AuthUser } from '@campus/service-kit/auth';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';

export interface TestUser extends AuthUser {
  token: string;
}

/** A user as the gateway hands them over: a signed access token naming them. */
export function makeUser(h: ServiceHarness, name: string, isTeacher = false): TestUser {
  const user = { id: randomUUID(), name, isTeacher };
  return { ...user, token: signAccessToken(user, h.keys.privateKey, 900) };
}

export const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

const sampleCampaigns = fs.readFileSync(
  path.join(__dirname, '..', 'migrations', '0001_sample_campaigns.sql'),
  'utf8',
);

/** Empties the service's tables and puts the spec's sample campaigns back (the migration's data). */
export async function resetWithCampaigns(h: ServiceHarness) {
  await h.reset();
  await h.database.db.execute(sql.raw(sampleCampaigns));
}

export async function createPost(
  h: ServiceHarness,
  user: TestUser,
  post: Partial<{ title: string; content: string; tag: string; isAnonymous: boolean }> = {},
): Promise<Post> {
  const res = await request(h.url)
    .post('/api/community')
    .set(auth(user))
    .send({ title: 'How do I prepare for DSA?', content: 'Which book first?', ...post })
    .expect(201);
  return res.body as Post;
}

export async function addComment(
  h: ServiceHarness,
  user: TestUser,
  postId: string,
  comment: Partial<{ content: string; isAnonymous: boolean; parentId: string | null }> = {},
) {
  const res = await request(h.url)
    .post(`/api/comments/${postId}`)
    .set(auth(user))
    .send({ content: 'Start with CLRS.', ...comment })
    .expect(201);
  return res.body as { _id: string; parentId: string | null };
}

/** Records what the community service publishes, as a consuming service would see it. */
export async function captureEvents(h: ServiceHarness): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  await h.bus.subscribe(
    defineConsumer('community-test-observer', {
      'community.post.created': async (e) => void seen.push(e),
      'community.comment.created': async (e) => void seen.push(e),
      'community.pledge.recorded': async (e) => void seen.push(e),
    }),
  );
  return seen;
}
