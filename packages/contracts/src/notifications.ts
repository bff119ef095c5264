import { z } from 'zod';
import { cursorQuery } from './paging';
import {
  EMAIL_DELIVERIES,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PLACE_MAX_LENGTH,
  NOTIFICATIONS_READ_MAX_IDS,
} from './notifications-rules';

/**
 * The notifications domain's wire: a user's own notifications, their unread count, marking read,
 * preferences per kind, and the live stream's events. No answer ever carries an anonymous actor's
 * id or name (`actor` is `{ name: 'Anonymous User' }`), nor any actor's id at all.
 */
export const NotificationKindSchema = z.enum(NOTIFICATION_KIND_NAMES as [string, ...string[]], {
  error: NOTIFICATIONS_MESSAGES.unknownKind,
});

export const Notification = z
  .object({
    _id: z.string(),
    kind: z
      .string()
      .meta({ description: 'One of the declared kinds (community.reply, library.verdict, ...)' }),
    text: z.string().meta({ description: 'What happened, in one sentence' }),
    link: z.string().meta({ description: 'The exact place in the app (a path: /post/<id>#comment-<id>)' }),
    actor: z
      .object({ name: z.string() })
      .nullable()
      .meta({ description: "Who did it ('Anonymous User' for an anonymous author); null for many or none" }),
    /** When it last changed: a grouped notification moves up with its newest cause. */
    createdAt: z.string(),
    read: z.boolean(),
    count: z.number().int().min(1).meta({ description: 'How many causes this one notification groups' }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.array(Notification).meta({ id: 'NotificationList' });

/** `GET /api/notifications?cursor=&limit=`: newest first; the next page's cursor is in `X-Next-Cursor`. */
export const NotificationListQuery = z.object(
  cursorQuery({ defaultLimit: NOTIFICATIONS_PAGE_SIZE, maxLimit: NOTIFICATIONS_MAX_LIMIT }),
);

export const UnreadCount = z.object({ count: z.number().int().min(0) }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * `PATCH /api/notifications/read`: some of mine by id, all of mine, or my unread ones whose link
 * points at a place (exactly one of the three). Answers the unread count.
 */
export const MarkReadRequest = z
  .object({
    ids: z
      .array(z.string().min(1).max(100), { error: NOTIFICATIONS_MESSAGES.readTarget })
      .min(1, NOTIFICATIONS_MESSAGES.readTarget)
      .max(NOTIFICATIONS_READ_MAX_IDS, NOTIFICATIONS_MESSAGES.tooManyIds)
      .optional(),
    all: z.literal(true, { error: NOTIFICATIONS_MESSAGES.readTarget }).optional(),
    place: z
      .string({ error: NOTIFICATIONS_MESSAGES.placeInvalid })
      .max(NOTIFICATIONS_PLACE_MAX_LENGTH, NOTIFICATIONS_MESSAGES.placeInvalid)
      .regex(/^\/[^#]*$/, NOTIFICATIONS_MESSAGES.placeInvalid)
      .optional()
      .meta({
        description:
          "A place in the app (a path and its query, no #part: '/post/<id>'): marks my unread notifications whose link, without its #part, is this place",
      }),
  })
  .strict()
  .refine((target) => [target.ids, target.all, target.place].filter((t) => t !== undefined).length === 1, {
    message: NOTIFICATIONS_MESSAGES.readTarget,
  })
  .meta({ id: 'MarkReadRequest' });
export type MarkReadRequest = z.input<typeof MarkReadRequest>;

export const EmailDeliverySchema = z.enum(EMAIL_DELIVERIES, {
  error: `Email must be one of: ${EMAIL_DELIVERIES.join(', ')}.`,
});

export const KindPreference = z
  .object({
    kind: NotificationKindSchema,
    /** Read-only: ignored on PUT. */
    label: z.string().optional(),
    inApp: z.boolean({ error: 'inApp must be true or false' }),
    email: EmailDeliverySchema,
  })
  .meta({ id: 'NotificationKindPreference' });

/**
 * `GET /api/notifications/preferences` answers every kind the user may receive; `PUT` takes the
 * same shape (any subset of kinds; labels and `emailAvailable` ignored) and answers the whole set.
 */
export const NotificationPreferences = z
  .object({
    kinds: z.array(KindPreference).max(NOTIFICATION_KIND_NAMES.length * 2),
    /** False when the platform sends no email (SMTP_URL unset): the screen says so. */
    emailAvailable: z.boolean().optional(),
  })
  .meta({ id: 'NotificationPreferences' });

/**
 * The preferences as the service answers them: the same shape, but a kind is any name, not one of
 * today's list. A later release adds kinds (moderation outcomes, reminders), and a screen of this
 * release shows an unknown kind by the label the answer carries and sends it back unchanged, so the
 * answer promises an open set (a closed enum would make every new kind a breaking change).
 */
export const NotificationPreferencesAnswer = z
  .object({
    kinds: z
      .array(
        KindPreference.extend({
          kind: z.string().min(1).max(100).meta({ description: 'A declared kind (community.reply, ...)' }),
        }).meta({ id: 'NotificationKindPreferenceAnswer' }),
      )
      .max(100),
    emailAvailable: z.boolean().optional(),
  })
  .meta({ id: 'NotificationPreferencesAnswer' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** `?post=<postId>`: also stream the new comments of that post (the thread page watching). */
export const StreamQuery = z.object({
  post: z.string().max(100, 'post must be a post id').optional(),
});

/** The data of the stream's `comment` event: a watched post has a new comment (never who wrote it). */
export const LiveComment = z
  .object({ postId: z.string(), commentId: z.string(), parentId: z.string().nullable() })
  .meta({ id: 'LiveComment' });
export type LiveComment = z.infer<typeof LiveComment>;

/**
 * `GET|POST /api/notifications/unsubscribe?token=`: the one-click unsubscribe link every email
 * carries (RFC 8058), signed for one user and one kind (or their daily digest). No session needed.
 */
export const UnsubscribeQuery = z.object({
  token: z
    .string({ error: NOTIFICATIONS_MESSAGES.unsubscribeInvalid })
    .optional()
    .meta({ description: "The token of the email's unsubscribe link" }),
});

/** What a mail client's one-click POST gets (a browser's form gets a page that says the same). */
export const UnsubscribeResult = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;
