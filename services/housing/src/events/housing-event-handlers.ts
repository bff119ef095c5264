import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Flats } from '../domain/flats';

/**
 * The events the housing service consumes, one handler each (exactly its definition's `consumes`).
 * The kit gives each the transaction that records the event in the inbox, so a redelivery is skipped.
 */
export function housingEventHandlers(flats: Flats) {
  return defineEventHandlers({
    'identity.user.registered': ({ payload }, { tx }) => flats.memberRegistered(tx, payload),
  });
}
