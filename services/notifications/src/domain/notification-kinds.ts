import type { EventPayload, ModerationDecisionPayload } from '@campus/contracts/events';
import {
  CONTENT_TARGET_LABELS,
  DELETED_USER_ID,
  type ContentTargetType,
} from '@campus/contracts/moderation-rules';
import { ANONYMOUS_ACTOR, type NotificationKind } from '@campus/contracts/notifications-rules';
import { eventLink, reminderTimeText } from '@campus/contracts/events-domain-rules';

/**
 * What one cause means for one person: the notification they get, before their preferences decide
 * whether and how it reaches them. Never carries who acted beyond a display name (an anonymous
 * author is the words 'Anonymous User', never an id).
 */
export interface NotificationDraft {
  userId: string;
  kind: NotificationKind;
  /** Causes with the same key fold into one unread notification ("3 new replies on ..."); null: never. */
  groupKey: string | null;
  /** What it says for this one cause. */
  text: string;
  /** What it says once it gathers `count` (2 or more) causes; required with a group key. */
  groupedText?: (count: number) => string;
  link: string;
  actorName: string | null;
}

/** A draft as a kind writes it (the kind is its own). */
export type Draft = Omit<NotificationDraft, 'kind'>;

/**
 * What a kind may ask to find its people (the service's own tables, read in the consumer's
 * transaction: one client, so one question at a time, each awaited before the next).
 */
export interface RecipientLookup {
  /** The teachers who review this subject (the book spelling: library.book.submitted's `subject`). */
  teachersReviewing(subject: string): Promise<string[]>;
  /** Everyone who gets this kind in the app or by email: their choice, or the kind's defaults. */
  subscribersOf(kind: NotificationKind): Promise<string[]>;
  /** A member's name from the directory, or null when nobody told us. */
  nameOf(userId: string): Promise<string | null>;
}

/**
 * Every event any kind is fed by: the service consumes exactly these (plus the directory's own
 * events), one handler each, all doing the same thing. A kind fed by an event not yet here adds
 * it here.
 */
export const FEEDING_EVENTS = [
  'community.post.created',
  'community.comment.created',
  'community.answer.accepted',
  'community.campaign.updated',
  'library.book.submitted',
  'library.book.reviewed',
  'careers.job.closing',
  'events.event.posted',
  'events.event.reminder',
  'moderation.content.hidden',
  'moderation.content.deleted',
  'moderation.content.restored',
  'housing.interest.created',
  'housing.interest.answered',
] as const;
export type FeedingEvent = (typeof FEEDING_EVENTS)[number];

interface Feed<N extends FeedingEvent> {
  /** Who acted, when the event names them: they are never notified of their own act. */
  actor?: (payload: EventPayload<N>) => string;
  /** The drafts one event makes; an event too old to say enough makes none (never a crash). */
  drafts(payload: EventPayload<N>, lookup: RecipientLookup): Draft[] | Promise<Draft[]>;
}

export interface KindDeclaration {
  /**
   * When one cause concerns a person in several ways (mentioned in a reply to their own comment, on
   * a post they follow), they get one notification: the kind with the lowest precedence.
   */
  precedence: number;
  feeds: { [N in FeedingEvent]?: Feed<N> };
}

/** “Title”, or what to say when an event published before titles travelled has none. */
const quoted = (title: string | undefined, otherwise: string) => (title ? `“${title}”` : otherwise);

/**
 * Who acted, as anyone may read it: a community event's `actorName` null is an anonymous author
 * ('Anonymous User'); absent (an event from before names travelled) is nobody in particular.
 */
const communityActor = (actorName: string | null | undefined): string | null =>
  actorName === null ? ANONYMOUS_ACTOR : (actorName ?? null);
const said = (actor: string | null) => actor ?? 'Someone';

const commentLink = (postId: string, commentId: string) =>
  `/post/${encodeURIComponent(postId)}#comment-${encodeURIComponent(commentId)}`;
const postLink = (postId: string) => `/post/${encodeURIComponent(postId)}`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A YYYY-MM-DD date as people read it, the same wherever the service runs: "Dec 1, 2026". */
const calendarDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Where a deleted item's author is sent: the list the item was in (the item itself is gone). */
const DOMAIN_LISTS: Record<ContentTargetType, string> = {
  post: '/community',
  comment: '/community',
  interview: '/interviews',
  job: '/jobs',
  flat: '/roomfinder',
  event: '/events',
  book: '/library',
};

/**
 * The author's notification of a moderation decision: "Your post “T” ..." (a title moderation never
 * saw is left out), linking to the item, or to its list once deleted. From nobody: the moderator is
 * never named (actorName null), and nobody else is told.
 */
const moderationOutcome =
  (say: (d: ModerationDecisionPayload) => string, deleted = false) =>
  (d: ModerationDecisionPayload): Draft[] => {
    // An item whose author deleted their account: nobody to tell.
    if (d.authorId === DELETED_USER_ID) return [];
    const item = `Your ${CONTENT_TARGET_LABELS[d.targetType]}${d.title ? ` “${d.title}”` : ''}`;
    return [
      {
        userId: d.authorId,
        groupKey: null,
        text: `${item} ${say(d)}`,
        link: deleted || !d.link.startsWith('/') ? DOMAIN_LISTS[d.targetType] : d.link,
        actorName: null,
      },
    ];
  };

/**
 * The kinds of notification, one declaration each, for every kind `NOTIFICATION_KINDS` declares
 * (the compiler holds them to it): which events feed it and how a payload becomes drafts. A new
 * kind is a new entry in NOTIFICATION_KINDS (label, audience, defaults) and one here; delivery,
 * preferences, grouping, the API and the screens take it as it is.
 */
export const KIND_DECLARATIONS: { readonly [K in NotificationKind]: KindDeclaration } = {
  'community.mention': {
    precedence: 0,
    feeds: {
      'community.comment.created': {
        drafts: (c) => {
          const actor = communityActor(c.actorName);
          return (c.concerns?.mentioned ?? []).map((userId) => ({
            userId,
            groupKey: null,
            text: `${said(actor)} mentioned you in a comment on ${quoted(c.postTitle, 'a post')}`,
            link: commentLink(c.postId, c.commentId),
            actorName: actor,
          }));
        },
      },
      'community.post.created': {
        drafts: (p) => {
          const actor = communityActor(p.actorName);
          return (p.mentioned ?? []).map((userId) => ({
            userId,
            groupKey: null,
            text: `${said(actor)} mentioned you in ${quoted(p.title, 'a post')}`,
            link: postLink(p.postId),
            actorName: actor,
          }));
        },
      },
    },
  },

  'community.reply': {
    precedence: 1,
    feeds: {
      'community.comment.created': {
        drafts: (c) => {
          if (!c.concerns) return [];
          const { postAuthor, parentAuthor } = c.concerns;
          const actor = communityActor(c.actorName);
          const title = quoted(c.postTitle, '');
          const groupedText = (userId: string) => (count: number) =>
            userId === postAuthor
              ? `${plural(count, 'new reply', 'new replies')} on your post${title ? ` ${title}` : ''}`
              : `${plural(count, 'new reply', 'new replies')} to your comments${title ? ` on ${title}` : ''}`;
          const reply = (userId: string, text: string): Draft => ({
            userId,
            groupKey: `reply:${c.postId}`,
            text,
            groupedText: groupedText(userId),
            link: commentLink(c.postId, c.commentId),
            actorName: actor,
          });
          const drafts: Draft[] = [];
          if (parentAuthor)
            drafts.push(
              reply(parentAuthor, `${said(actor)} replied to your comment${title ? ` on ${title}` : ''}`),
            );
          if (postAuthor && postAuthor !== parentAuthor)
            drafts.push(
              reply(postAuthor, `${said(actor)} commented on your post${title ? ` ${title}` : ''}`),
            );
          return drafts;
        },
      },
    },
  },

  'community.answer': {
    precedence: 10,
    feeds: {
      'community.answer.accepted': {
        // The teacher who marked it is never told of their own mark (they are not the asker anyway).
        drafts: (a) => [
          {
            userId: a.askerId,
            groupKey: null,
            text: `${a.actorName} marked an answer to your question “${a.postTitle}”`,
            link: commentLink(a.postId, a.commentId),
            actorName: a.actorName,
          },
        ],
      },
    },
  },

  'community.campaign': {
    precedence: 9,
    feeds: {
      'community.campaign.updated': {
        // Each backer of the campaign (the organiser is never among them), from the organiser.
        drafts: (u) =>
          u.backerIds.map((userId) => ({
            userId,
            groupKey: null,
            text: `New update on “${u.title}”: ${u.excerpt}`,
            link: u.link.startsWith('/') ? u.link : '/fundrasing',
            actorName: null,
          })),
      },
    },
  },

  'community.thread': {
    precedence: 2,
    feeds: {
      'community.comment.created': {
        drafts: (c) => {
          const actor = communityActor(c.actorName);
          const where = quoted(c.postTitle, 'a post you follow');
          return (c.concerns?.followers ?? []).map((userId) => ({
            userId,
            groupKey: `thread:${c.postId}`,
            text: `${said(actor)} commented on ${where}`,
            groupedText: (count: number) => `${plural(count, 'new comment', 'new comments')} on ${where}`,
            link: commentLink(c.postId, c.commentId),
            actorName: actor,
          }));
        },
      },
    },
  },

  'library.verdict': {
    precedence: 10,
    feeds: {
      'library.book.reviewed': {
        actor: (r) => r.reviewerId,
        drafts: (r) => {
          const book = r.title ? `Your book “${r.title}”` : 'Your book';
          const text =
            r.status === 'accepted'
              ? `${book} was accepted by ${r.verifiedBy}`
              : `${book} was declined by ${r.verifiedBy}${r.reason ? `: ${r.reason}` : ''}`;
          return [
            { userId: r.uploadedBy, groupKey: null, text, link: '/profile/uploads', actorName: r.verifiedBy },
          ];
        },
      },
    },
  },

  'library.review-waiting': {
    precedence: 10,
    feeds: {
      'library.book.submitted': {
        actor: (s) => s.uploadedBy,
        drafts: async (s, lookup) => {
          // One after the other: the lookup reads in the consumer's transaction (one client).
          const teachers = await lookup.teachersReviewing(s.subject);
          const uploader = await lookup.nameOf(s.uploadedBy);
          return teachers.map((userId) => ({
            userId,
            groupKey: 'review-waiting',
            text: `“${s.title}” (${s.subject}) is waiting for your review`,
            groupedText: (count: number) =>
              `${plural(count, 'book is', 'books are')} waiting for your review`,
            link: '/bookstatus',
            actorName: uploader,
          }));
        },
      },
    },
  },

  'careers.deadline': {
    precedence: 10,
    feeds: {
      'careers.job.closing': {
        // Each student who saved the post and has not applied yet; from nobody (a reminder).
        drafts: (c) =>
          c.userIds.map((userId) => ({
            userId,
            groupKey: null,
            text: `“${c.title}” at ${c.company} closes on ${calendarDay(c.applyBy)}: you saved it and have not applied yet`,
            link: '/jobs/tracker',
            actorName: null,
          })),
      },
    },
  },

  'events.new': {
    precedence: 10,
    feeds: {
      'events.event.posted': {
        actor: (e) => e.postedBy,
        drafts: async (e, lookup) => {
          const people = await lookup.subscribersOf('events.new');
          const poster = await lookup.nameOf(e.postedBy);
          return people.map((userId) => ({
            userId,
            groupKey: null,
            text: e.title ? `New campus event: “${e.title}”` : 'A new campus event was posted',
            link: `/events?event=${encodeURIComponent(e.eventId)}`,
            actorName: poster,
          }));
        },
      },
    },
  },

  'events.reminder': {
    precedence: 10,
    feeds: {
      'events.event.reminder': {
        // Each student going (never the waitlist or the interested), from nobody: a reminder. The
        // text names the start in the campus's zone, so one delivered late still tells the truth.
        drafts: (r) =>
          r.userIds.map((userId) => ({
            userId,
            groupKey: null,
            text:
              r.window === '1h'
                ? `Starting soon: “${r.title}” at ${reminderTimeText(r.startsAt, '1h')}`
                : `Reminder: you're going to “${r.title}”, ${reminderTimeText(r.startsAt, '24h')}`,
            link: eventLink(r.eventId),
            actorName: null,
          })),
      },
    },
  },

  'moderation.outcome': {
    precedence: 10,
    feeds: {
      'moderation.content.hidden': {
        drafts: moderationOutcome((d) =>
          d.by === 'reports'
            ? 'was hidden after several reports; a teacher will review it.'
            : `was hidden by a moderator: ${d.reason}`,
        ),
      },
      'moderation.content.deleted': {
        drafts: moderationOutcome((d) => `was removed by a moderator: ${d.reason}`, true),
      },
      'moderation.content.restored': {
        drafts: moderationOutcome(() => 'is visible again.'),
      },
    },
  },

  'housing.interest': {
    precedence: 10,
    feeds: {
      'housing.interest.created': {
        // Who and which request, never the student's message (it may hold their phone number).
        actor: (i) => i.studentId,
        drafts: (i) => [
          {
            userId: i.ownerId,
            groupKey: `interest:${i.flatId}`,
            text: `${i.studentName} is interested in your room “${i.flatName}”`,
            groupedText: (count: number) =>
              `${plural(count, 'student is', 'students are')} interested in your room “${i.flatName}”`,
            link: ownRoomLink(i.flatId),
            actorName: i.studentName,
          },
        ],
      },
    },
  },

  'housing.answer': {
    precedence: 10,
    feeds: {
      'housing.interest.answered': {
        // The contact itself stays in the housing service: Rooms I Asked About shows it to the
        // accepted student, also once the room is filled or expired and has left the room list.
        actor: (a) => a.ownerId,
        drafts: (a) => [
          {
            userId: a.studentId,
            groupKey: null,
            text:
              a.status === 'accepted'
                ? `${a.ownerName} accepted your interest in “${a.flatName}”: their contact is in Rooms I Asked About`
                : `${a.ownerName} declined your interest in “${a.flatName}”`,
            link: ROOMS_I_ASKED_ABOUT,
            actorName: a.ownerName,
          },
        ],
      },
    },
  },
};

/** A room request its owner manages (My Room Requests, where its interests are) and as others see it. */
const ownRoomLink = (flatId: string) => `/roomfinder/myroomrequest#flat-${encodeURIComponent(flatId)}`;
/** A student's own interests and where each stands (the contact, once accepted). */
const ROOMS_I_ASKED_ABOUT = '/roomfinder/asked';

/** The declared kinds, the one that wins a tie in precedence first. */
const BY_PRECEDENCE = (Object.keys(KIND_DECLARATIONS) as NotificationKind[]).sort(
  (a, b) => KIND_DECLARATIONS[a].precedence - KIND_DECLARATIONS[b].precedence,
);

/**
 * The drafts one event makes, across every kind it feeds: never for whoever acted, and one per
 * person (the kind with the lowest precedence wins).
 */
export async function draftsFor<N extends FeedingEvent>(
  event: N,
  payload: EventPayload<N>,
  lookup: RecipientLookup,
): Promise<NotificationDraft[]> {
  const drafts: NotificationDraft[] = [];
  for (const kind of BY_PRECEDENCE) {
    const feed = KIND_DECLARATIONS[kind].feeds[event] as Feed<N> | undefined;
    if (!feed) continue;
    const actor = feed.actor?.(payload);
    for (const draft of await feed.drafts(payload, lookup))
      if (draft.userId !== actor) drafts.push({ ...draft, kind });
  }
  const seen = new Set<string>();
  return drafts.filter((draft) => !seen.has(draft.userId) && seen.add(draft.userId));
}
