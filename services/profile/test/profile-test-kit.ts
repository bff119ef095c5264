import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import { signAccessToken, type AuthUser } from '@campus/service-kit/auth';

/** A signed-in user for requests: `Authorization: Bearer <token>`. */
export function userWithToken(privateKey: string, overrides: Partial<AuthUser> = {}) {
  const user: AuthUser = { id: randomUUID(), name: 'Asha Rao', isTeacher: false, ...overrides };
  return { ...user, auth: `Bearer ${signAccessToken(user, privateKey, 900)}` };
}

/** An event as the producing service's outbox relay would publish it. */
export function envelope<N extends EventName>(
  name: N,
  payload: EventPayload<N>,
  id: string = randomUUID(),
): EventEnvelope<EventPayload<N>> {
  return { id, name, occurredAt: new Date().toISOString(), producer: name.split('.')[0] as string, payload };
}
