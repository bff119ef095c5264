import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import { moderationDecisionHandlers } from '@campus/service-kit/moderated-content';
import type { FlatDeletionEvent, Flats } from '../domain/flats';

/**
 * The events the housing service consumes, one handler each (exactly its definition's `consumes`).
 * The kit gives each the transaction that records the event in the inbox, so a redelivery is skipped.
 * Moderation's decisions about flat requests hide, restore or delete one (a delete tells profile
 * and moderation as the owner's delete does).
 */
export function housingEventHandlers(flats: Flats) {
  return defineEventHandlers(
    {
      'identity.user.registered': ({ payload }, { tx }) => flats.memberRegistered(tx, payload),
      ...moderationDecisionHandlers<FlatDeletionEvent>(['flat'], (tx, command, decision, emit) =>
        flats.moderate(tx, command, decision, emit),
      ),
    },
    { emits: ['housing.content.changed', 'housing.flat.deleted'] },
  );
}
