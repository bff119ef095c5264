import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import request from 'supertest';
import type {
  ContentChangedPayload,
  EventName,
  EventPayload,
  ModerationDecisionPayload,
} from '@campus/contracts/events';
import { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import type { LogEntry, QueueItem } from '@campus/contracts/moderation';
import type { ContentTargetType, ModerationAction, ReportReason } from '@campus/contracts/moderation-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { outbox } from '../src/data/schema';
import { moderationService } from '../src/service';

/**
 * One moderation service on a real database and the in-process bus, with the test's clock: each
 * reading a second after the last, so "newest first" never ties.
 */
export async function startModeration(
  env: Record<string, string> = {},
  options: { logger?: Logger; clock?: { ms: number } } = {},
) {
  // A test that moves time passes its own clock and adds to `ms`.
  const { clock = { ms: Date.parse('2026-03-01T09:00:00Z') }, ...rest } = options;
  return startServiceForTest(moderationService, env, { now: () => new Date((clock.ms += 1000)), ...rest });
}

export interface Person {
  id: string;
  name: string;
  isTeacher: boolean;
  headers: { Authorization: string };
}

/** A user as the gateway hands them over: a signed access token naming them. */
export function person(h: ServiceHarness, name: string, isTeacher = false): Person {
  const id = randomUUID();
  return {
    id,
    name,
    isTeacher,
    headers: { Authorization: `Bearer ${signAccessToken({ id, name, isTeacher }, h.keys.privateKey, 900)}` },
  };
}

const OWNER_OF: Record<ContentTargetType, EventName & `${string}.content.changed`> = {
  post: 'community.content.changed',
  comment: 'community.content.changed',
  interview: 'careers.content.changed',
  job: 'careers.content.changed',
  flat: 'housing.content.changed',
  event: 'events.content.changed',
  book: 'library.content.changed',
};

/** An item as its owning service announces it: a post by `author` unless said otherwise. */
export function snapshot(
  author: Pick<Person, 'id' | 'name'>,
  fields: Partial<ContentChangedPayload> = {},
): ContentChangedPayload {
  const targetId = fields.targetId ?? randomUUID();
  return {
    targetType: 'post',
    targetId,
    link: `/community/${targetId}`,
    authorId: author.id,
    authorName: author.name,
    anonymous: false,
    title: 'Notes for the maths exam',
    text: 'Chapter 3 matters most.',
    change: 'published',
    version: 1,
    at: '2026-03-01T08:00:00.000Z',
    ...fields,
  };
}

/** Publishes the owning service's content.changed event and waits until moderation has handled it. */
export async function announce(
  h: ServiceHarness,
  item: ContentChangedPayload,
): Promise<ContentChangedPayload> {
  const name = OWNER_OF[item.targetType];
  const envelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: name.split('.')[0]!,
    payload: item as EventPayload<typeof name>,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
  return item;
}

export function report(
  h: ServiceHarness,
  who: Person,
  item: Pick<ContentChangedPayload, 'targetType' | 'targetId'>,
  reason: ReportReason = 'spam',
  note?: string,
) {
  return request(h.url)
    .post('/api/reports')
    .set(who.headers)
    .send({ targetType: item.targetType, targetId: item.targetId, reason, ...(note ? { note } : {}) });
}

export function act(
  h: ServiceHarness,
  teacher: Person,
  item: Pick<ContentChangedPayload, 'targetType' | 'targetId'>,
  action: ModerationAction,
  reason = 'Breaks the campus rules on spam.',
) {
  return request(h.url)
    .post('/api/moderation/actions')
    .set(teacher.headers)
    .send({ targetType: item.targetType, targetId: item.targetId, action, reason });
}

export async function queueOf(h: ServiceHarness, teacher: Person, query = ''): Promise<QueueItem[]> {
  return (await request(h.url).get(`/api/moderation/queue${query}`).set(teacher.headers).expect(200)).body;
}

export async function logOf(h: ServiceHarness, teacher: Person, query = ''): Promise<LogEntry[]> {
  return (await request(h.url).get(`/api/moderation/log${query}`).set(teacher.headers).expect(200)).body;
}

/** The decisions the service wrote to its outbox (what the owning services will obey), oldest first. */
export async function decisions(
  h: ServiceHarness,
): Promise<Array<{ name: string; payload: ModerationDecisionPayload }>> {
  const rows = await h.database.db
    .select({ name: outbox.name, payload: outbox.payload })
    .from(outbox)
    .where(inArray(outbox.name, [...MODERATION_DECISION_EVENTS]))
    .orderBy(asc(outbox.position));
  return rows.map((r) => ({ name: r.name, payload: r.payload as ModerationDecisionPayload }));
}
