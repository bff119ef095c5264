import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import type { Post } from '@campus/contracts/community';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { signAccessToken, type AuthUser } from '@campus/service-kit/auth';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';

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
  post: Partial<{
    title: string;
    content: string;
    tag: string;
    isAnonymous: boolean;
    mentions: string[];
  }> = {},
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
  comment: Partial<{
    content: string;
    isAnonymous: boolean;
    parentId: string | null;
    mentions: string[];
  }> = {},
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
      'community.content.changed': async (e) => void seen.push(e),
      'community.pledge.recorded': async (e) => void seen.push(e),
      'community.campaign.updated': async (e) => void seen.push(e),
      'community.answer.accepted': async (e) => void seen.push(e),
    }),
  );
  return seen;
}

/** Identity's word that this user exists: they enter the members directory without writing anything. */
export async function register(h: ServiceHarness, user: TestUser): Promise<void> {
  const registered = {
    id: randomUUID(),
    name: 'identity.user.registered' as const,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload: { userId: user.id, name: user.name, email: `${user.id}@campus.test`, isTeacher: user.isTeacher },
  };
  await h.bus.publish(registered);
  await h.waitForHandled(registered.id);
}

/** The published event `name` whose payload's `key` is `value`, once it has been published. */
export async function publishedEvent<N extends EventName>(
  events: EventEnvelope[],
  name: N,
  key: keyof EventPayload<N> & string,
  value: string,
): Promise<EventEnvelope<EventPayload<N>>> {
  const found = await waitFor(`${name} with ${key} ${value} published`, () =>
    events.find((e) => e.name === name && (e.payload as Record<string, unknown>)[key] === value),
  );
  return found as EventEnvelope<EventPayload<N>>;
}

/** The payload of the published event `name` whose `key` is `value`, once it has been published. */
export async function publishedPayload<N extends EventName>(
  events: EventEnvelope[],
  name: N,
  key: keyof EventPayload<N> & string,
  value: string,
): Promise<EventPayload<N>> {
  return (await publishedEvent(events, name, key, value)).payload;
}

/** What moderation publishes when a teacher (or the reports threshold) decides about a post or comment. */
export function moderationDecision(
  name: 'moderation.content.hidden' | 'moderation.content.restored' | 'moderation.content.deleted',
  target: { targetType: 'post' | 'comment' | 'job'; targetId: string },
  reason = 'Personal attack on a classmate.',
): EventEnvelope<EventPayload<typeof name>> {
  return {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: { ...target, authorId: randomUUID(), title: 'A post', link: '/post/x', reason, by: 'moderator' },
  };
}

/** Publishes a moderation decision and waits until the community service has handled it. */
export async function decide(h: ServiceHarness, decision: EventEnvelope): Promise<void> {
  await h.bus.publish(decision);
  await h.waitForHandled(decision.id);
}

/** The community.content.changed events published about one post or comment, in order. */
export const contentChanges = (events: EventEnvelope[], targetId: string) =>
  events
    .filter((e) => e.name === 'community.content.changed')
    .map((e) => e.payload as EventPayload<'community.content.changed'>)
    .filter((p) => p.targetId === targetId);

/** The rows a raw query reads from the service's database (what no API answers: a text erased, a version). */
export async function rowsOf(h: ServiceHarness, query: SQL): Promise<Array<Record<string, unknown>>> {
  const result = (await h.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

let utrSeq = 0;
/** A fresh 12-digit UPI transaction reference (UTR) for a pledge in a test. */
export const newUtr = () => String(400_000_000_000 + ++utrSeq);

/** A campaign a teacher may create, as the new-campaign form sends it. */
export const NEW_CAMPAIGN = {
  title: 'Robotics Club Kits',
  story: 'Twenty Arduino kits for the first-year robotics club.',
  goal: 20000,
  deadline: '2099-12-31',
  upiId: 'robotics.club@okaxis',
  payeeName: 'Prof. Meera Iyer',
};
