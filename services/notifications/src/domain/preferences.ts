import {
  EMAIL_DELIVERIES,
  NOTIFICATION_KINDS,
  type EmailDelivery,
  type NotificationKind,
} from '@campus/contracts/notifications-rules';

/** How one kind reaches one user: in the app or not, and by email never, at once or in the daily digest. */
export interface KindChoice {
  inApp: boolean;
  email: EmailDelivery;
}

const isDelivery = (value: string): value is EmailDelivery =>
  (EMAIL_DELIVERIES as readonly string[]).includes(value);

/** The user's stored choice for a kind, or the kind's declared defaults when they never chose. */
export function choiceFor(
  kind: NotificationKind,
  stored: { inApp: boolean; email: string } | undefined,
): KindChoice {
  const defaults = NOTIFICATION_KINDS[kind].defaults;
  if (!stored) return { inApp: defaults.inApp, email: defaults.email };
  return { inApp: stored.inApp, email: isDelivery(stored.email) ? stored.email : defaults.email };
}

/** A teachers-only kind (books waiting for review) reaches teachers alone; the others everyone. */
export const mayReceive = (kind: NotificationKind, isTeacher: boolean): boolean =>
  NOTIFICATION_KINDS[kind].audience === 'everyone' || isTeacher;
