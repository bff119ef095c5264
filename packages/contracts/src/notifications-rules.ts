/**
 * The notifications domain's plain rules and words: the kinds of notification, their defaults, page
 * sizes and messages. No schemas here, so a screen (the shell's bell) can import them without
 * loading zod; `notifications.ts` builds the schemas on them (docs/adr/0032-light-pages-on-a-phone.md).
 */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_LIMIT = 50;
/** The most ids one `PATCH /api/notifications/read` may name. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;
/** The longest place (a path in the app) one `PATCH /api/notifications/read` `{ place }` may name. */
export const NOTIFICATIONS_PLACE_MAX_LENGTH = 300;
/** Read notifications older than this are pruned by the service's scheduled job. */
export const NOTIFICATIONS_READ_RETENTION_DAYS = 90;
/** The most people one @mention list may name in a post or a comment. */
export const MENTIONS_MAX = 10;

/** How a kind reaches a user by email: never, at once, or once a day in a digest. */
export const EMAIL_DELIVERIES = ['off', 'instant', 'daily'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

/**
 * Every kind of notification, declared once: what the preferences screen calls it, who may receive
 * it, and what a user gets until they choose. A new kind is a new entry here and one handler in the
 * notifications service (services/notifications/src/domain/notification-kinds.ts); nothing else
 * changes (the preferences screen and API list what is declared).
 */
export const NOTIFICATION_KINDS = {
  'community.reply': {
    label: 'Replies to my posts and comments',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'community.mention': {
    label: 'When someone @mentions me',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'community.answer': {
    label: 'When a teacher marks the answer to my question',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'community.campaign': {
    label: 'Updates on campaigns I pledged to',
    audience: 'everyone',
    defaults: { inApp: true, email: 'daily' },
  },
  'community.thread': {
    label: 'New activity in posts I follow',
    audience: 'everyone',
    defaults: { inApp: true, email: 'daily' },
  },
  'library.verdict': {
    label: 'The verdict on books I uploaded',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'library.review-waiting': {
    label: 'Books waiting for my review',
    audience: 'teachers',
    defaults: { inApp: true, email: 'daily' },
  },
  'careers.deadline': {
    label: 'Saved jobs that close in two days',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'events.new': {
    label: 'New campus events',
    audience: 'everyone',
    defaults: { inApp: false, email: 'off' },
  },
  'events.reminder': {
    label: "Reminders for events I'm going to",
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'moderation.outcome': {
    label: 'When a moderator acts on what I wrote',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'housing.interest': {
    label: 'Students interested in my room requests',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
  'housing.answer': {
    label: 'Answers to my interest in a room',
    audience: 'everyone',
    defaults: { inApp: true, email: 'instant' },
  },
} as const satisfies Record<
  string,
  {
    label: string;
    audience: 'everyone' | 'teachers';
    defaults: { inApp: boolean; email: EmailDelivery };
  }
>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The server-sent events of `GET /api/notifications/stream`, by their `event:` name. */
export const STREAM_EVENTS = {
  /** A notification was created or grouped (data: a Notification); its `id:` resumes the stream. */
  notification: 'notification',
  /** The unread count changed (data: `{ count }`). */
  unread: 'unread',
  /** A watched post (`?post=`) has a new comment (data: `{ postId, commentId, parentId }`, no author). */
  comment: 'comment',
} as const;

export const NOTIFICATIONS_MESSAGES = {
  found: 'Notifications found',
  empty: 'Nothing new: replies, verdicts and events you follow show up here.',
  readTarget:
    "Say which notifications to mark read: { ids: [...] }, { all: true } or { place: '/post/<id>' }.",
  placeInvalid: `The place must be a path in the app: it starts with /, has no #part and is at most ${NOTIFICATIONS_PLACE_MAX_LENGTH} characters.`,
  tooManyIds: `Mark at most ${NOTIFICATIONS_READ_MAX_IDS} notifications read at once, or { all: true }.`,
  unknownKind: 'That kind of notification does not exist.',
  teachersOnly: 'Only teachers receive this kind of notification.',
  preferencesSaved: 'Preferences saved',
  unsubscribed: 'You will get no more emails of this kind. Change it any time in your notification settings.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change your emails in your notification settings.',
  streamNeedsSession: 'Sign in to receive live notifications.',
} as const;

/** Who did it, where the actor is anonymous (an anonymous post or comment). */
export const ANONYMOUS_ACTOR = 'Anonymous User';
