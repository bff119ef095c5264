import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import { moderationDecisionHandlers } from '@campus/service-kit/moderated-content';
import type { CommunityHub } from '../domain/community-hub';

/**
 * The events the community service consumes, one handler each (exactly its definition's `consumes`).
 * The kit gives each the transaction that records the event in the inbox, so a redelivery is skipped.
 */
export function communityEventHandlers(hub: CommunityHub) {
  return defineEventHandlers(
    {
      'identity.user.registered': ({ payload }, { tx }) => hub.memberRegistered(tx, payload),
      // Moderation's hide, restore and delete of posts and comments (other kinds are skipped).
      ...moderationDecisionHandlers<'community.content.changed'>(
        ['post', 'comment'],
        (tx, command, decision, emit) => hub.moderate(tx, command, decision, emit),
      ),
    },
    { emits: ['community.content.changed'] },
  );
}
