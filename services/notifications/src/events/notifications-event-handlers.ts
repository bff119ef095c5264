import type { EventName } from '@campus/contracts/events';
import { defineEventHandlers, type EventHandler } from '@campus/service-kit/event-handlers';
import type { EventIntake } from '../domain/event-intake';
import type { DeliveryEvents } from '../domain/notification-delivery';
import { FEEDING_EVENTS, type FeedingEvent } from '../domain/notification-kinds';

/** The events the members directory and the teachers' subjects come from. */
export const DIRECTORY_EVENTS = ['identity.user.registered', 'profile.teacher.updated'] as const;

type Handlers<N extends EventName> = { [E in N]: EventHandler<E, DeliveryEvents> };

/**
 * The events the notifications service consumes, one handler each (exactly its definition's
 * `consumes`): the directory's, and every event a declared kind is fed by, which all do the same
 * (drafts -> delivery). The kit gives each the transaction that records the event in the inbox,
 * so a redelivery is skipped.
 */
export function notificationsEventHandlers(intake: EventIntake) {
  const fed = Object.fromEntries(
    FEEDING_EVENTS.map((name) => [
      name,
      (({ payload }, { tx, emit }) => intake.caused(tx, emit, name, payload)) as EventHandler<
        FeedingEvent,
        DeliveryEvents
      >,
    ]),
  ) as Handlers<FeedingEvent>;
  return defineEventHandlers(
    {
      'identity.user.registered': ({ payload }, { tx }) => intake.memberRegistered(tx, payload),
      'profile.teacher.updated': ({ payload, occurredAt }, { tx }) =>
        intake.teacherUpdated(tx, payload, new Date(occurredAt)),
      ...fed,
    },
    { emits: ['notifications.changed'] },
  );
}
