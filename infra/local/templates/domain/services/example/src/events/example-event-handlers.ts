import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Items } from '../domain/items';

/**
 * The events the example service consumes, one handler each (exactly its definition's `consumes`).
 * The kit gives each the transaction that records the event in the inbox, so a redelivery is skipped.
 */
export function exampleEventHandlers(items: Items) {
  return defineEventHandlers({
    'identity.user.registered': ({ payload }, { tx }) => items.memberRegistered(tx, payload),
  });
}
