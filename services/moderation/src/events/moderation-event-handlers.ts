import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Moderation } from '../domain/moderation';

/**
 * The events the moderation service consumes, one handler each (exactly its definition's `consumes`):
 * every owning service's `content.changed`, the items it keeps and their history. The kit gives each
 * the transaction that records the event in the inbox, so a redelivery is skipped.
 */
export function moderationEventHandlers(moderation: Moderation) {
  return defineEventHandlers({
    'community.content.changed': ({ payload }, { tx }) => moderation.contentChanged(tx, payload),
    'careers.content.changed': ({ payload }, { tx }) => moderation.contentChanged(tx, payload),
    'housing.content.changed': ({ payload }, { tx }) => moderation.contentChanged(tx, payload),
    'events.content.changed': ({ payload }, { tx }) => moderation.contentChanged(tx, payload),
    'library.content.changed': ({ payload }, { tx }) => moderation.contentChanged(tx, payload),
  });
}
