import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import type { Notification, NotificationPreferences } from '@campus/contracts/notifications';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { outbox, outgoingMail } from '../src/data/schema';
import { notificationsService } from '../src/service';

/**
 * One notifications service on a real database and the in-process bus, with the test's clock:
 * each reading a second after the last, so "newest first" never ties unless a test wants it to.
 */
export async function startNotifications(env: Record<string, string> = {}) {
  const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
  const h = await startServiceForTest(notificationsService, env, {
    now: () => new Date((clock.ms += 1000)),
  });
  return { h, clock };
}

export interface Person {
  id: string;
  name: string;
  isTeacher: boolean;
  headers: { Authorization: string };
}

/** A user as the gateway hands them over (a signed access token naming them); nobody is told yet. */
export function person(h: ServiceHarness, name: string, isTeacher = false): Person {
  const id = randomUUID();
  return {
    id,
    name,
    isTeacher,
    headers: { Authorization: `Bearer ${signAccessToken({ id, name, isTeacher }, h.keys.privateKey, 900)}` },
  };
}

/** An event as its producer's outbox relay publishes it. */
export function envelope<N extends EventName>(
  name: N,
  payload: EventPayload<N>,
  occurredAt = new Date().toISOString(),
): EventEnvelope<EventPayload<N>> {
  return { id: randomUUID(), name, occurredAt, producer: name.split('.')[0]!, payload };
}

/** Publishes each event and waits until the service has handled it, in the order given. */
export async function deliver(h: ServiceHarness, ...events: EventEnvelope[]): Promise<void> {
  for (const event of events) {
    await h.bus.publish(event);
    await h.waitForHandled(event.id);
  }
}

/** Identity announces a registration: the members directory and the address book learn the person. */
export async function register(h: ServiceHarness, p: Person, email = `${p.id}@campus.test`): Promise<Person> {
  await deliver(
    h,
    envelope('identity.user.registered', { userId: p.id, name: p.name, email, isTeacher: p.isTeacher }),
  );
  return p;
}

export async function listOf(h: ServiceHarness, p: Person, query = ''): Promise<Notification[]> {
  return (await request(h.url).get(`/api/notifications${query}`).set(p.headers).expect(200)).body;
}

export async function unreadOf(h: ServiceHarness, p: Person): Promise<number> {
  return (await request(h.url).get('/api/notifications/unread-count').set(p.headers).expect(200)).body.count;
}

export async function setPreferences(
  h: ServiceHarness,
  p: Person,
  kinds: NotificationPreferences['kinds'],
): Promise<NotificationPreferences> {
  return (
    await request(h.url).put('/api/notifications/preferences').set(p.headers).send({ kinds }).expect(200)
  ).body;
}

/** The 'notifications.changed' events the service wrote to its outbox, oldest first. */
export async function changedEvents(
  h: ServiceHarness,
): Promise<Array<EventPayload<'notifications.changed'>>> {
  const rows = await h.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.name, 'notifications.changed'))
    .orderBy(asc(outbox.position));
  return rows.map((r) => r.payload as EventPayload<'notifications.changed'>);
}

/** The mail queued for a person (what the mail job will send). */
export async function mailOf(h: ServiceHarness, p: Person) {
  return h.database.db
    .select({
      notificationId: outgoingMail.notificationId,
      kind: outgoingMail.kind,
      delivery: outgoingMail.delivery,
      sentAt: outgoingMail.sentAt,
    })
    .from(outgoingMail)
    .where(eq(outgoingMail.userId, p.id))
    .orderBy(asc(outgoingMail.createdAt));
}

/** A comment as the community service announces it. */
export function commentEvent(
  fields: {
    postId?: string;
    commentId?: string;
    parentId?: string | null;
    postTitle?: string;
    actorName?: string | null;
    concerns?: Partial<NonNullable<EventPayload<'community.comment.created'>['concerns']>>;
  } = {},
) {
  const { concerns, ...rest } = fields;
  return envelope('community.comment.created', {
    postId: randomUUID(),
    commentId: randomUUID(),
    parentId: null,
    postTitle: 'Exam timetable clash',
    actorName: 'Rohan Das',
    ...rest,
    concerns: { postAuthor: null, parentAuthor: null, mentioned: [], followers: [], ...concerns },
  });
}
