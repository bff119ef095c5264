import { NOTIFICATION_KINDS, NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { emailChoice } from './mail-delivery';
import type { MailStore } from './mail-store';
import { DIGEST_SCOPE, verifyUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token';

type Kinds = Record<string, { label: string; defaults: { inApp: boolean; email: string } } | undefined>;
const KINDS = NOTIFICATION_KINDS as Kinds;

export const UNSUBSCRIBE_INVALID = 'UNSUBSCRIBE_INVALID';

/** What a valid link turns off, in words for the confirmation page. */
export interface UnsubscribeTarget {
  scope: UnsubscribeScope;
  /** "Replies to my posts and comments", or "the daily digest". */
  what: string;
}

/**
 * One-click unsubscribe (RFC 8058): a link in every email carries a token signed for one user and
 * one kind (or their daily digest); using it sets that email to 'off', keeping the in-app choice.
 * It needs no session: the token is the proof, so it is checked before anything else.
 */
export function createUnsubscribe(deps: {
  db: Db;
  store: MailStore;
  secret: string | undefined;
  now: () => Date;
}) {
  function target(token: string | undefined): UnsubscribeTarget {
    const scope = verifyUnsubscribeToken(deps.secret, token);
    if (scope && scope.kind === DIGEST_SCOPE) return { scope, what: 'the daily digest' };
    const kind = scope && KINDS[scope.kind];
    if (!scope || !kind)
      throw AppError.badRequest(NOTIFICATIONS_MESSAGES.unsubscribeInvalid, UNSUBSCRIBE_INVALID);
    return { scope, what: `“${kind.label}”` };
  }

  return {
    /** What the link would turn off (the page that asks first); 400 when the token is not valid. */
    describe: target,

    /** Turns the link's email off; 400 when the token is not valid. Doing it twice changes nothing. */
    async unsubscribe(token: string | undefined): Promise<UnsubscribeTarget> {
      const found = target(token);
      const { userId, kind } = found.scope;
      await deps.db.transaction(async (tx) => {
        const stored = (await deps.store.choicesOf(tx, [userId])).get(userId);
        const kinds =
          kind === DIGEST_SCOPE
            ? Object.keys(KINDS).filter((k) => emailChoice(stored, k) === 'daily')
            : [kind];
        await deps.store.turnEmailOff(
          tx,
          userId,
          kinds.map((k) => ({ kind: k, inApp: stored?.get(k)?.inApp ?? KINDS[k]!.defaults.inApp })),
          deps.now(),
        );
      });
      return found;
    },
  };
}

export type Unsubscribe = ReturnType<typeof createUnsubscribe>;
