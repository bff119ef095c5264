import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { CommunityHub } from '../domain/community-hub';

/**
 * The events the community service consumes, one handler each (exactly its definition's `consumes`).
 * The kit gives each the transaction that records the event in the inbox, so a redelivery is skipped.
 */
export function communityEventHandlers(hub: CommunityHub) {
  return defineEventHandlers({
    'identity.user.registered': ({ payload }, { tx }) => hub.memberRegistered(tx, payload),
  });
}
