/**
 * The moderation domain's plain rules and words: what can be reported, the reasons, the limits and
 * the messages. No schemas here, so a screen (the Report button on every card) can import them
 * without loading zod; `moderation.ts` builds the schemas on them (docs/adr/0032-light-pages-on-a-phone.md).
 */

/**
 * Everything a user can write, and so edit, delete and report: one name per kind of item, the same
 * in a report, in the owning service's content events and in the moderators' queue.
 */
export const CONTENT_TARGET_TYPES = ['post', 'comment', 'interview', 'job', 'flat', 'event', 'book'] as const;
export type ContentTargetType = (typeof CONTENT_TARGET_TYPES)[number];

/** Which service owns each kind of item (it publishes the item's content events and obeys moderation's). */
export const CONTENT_OWNERS = {
  post: 'community',
  comment: 'community',
  interview: 'careers',
  job: 'careers',
  flat: 'housing',
  event: 'events',
  book: 'library',
} as const satisfies Record<ContentTargetType, string>;

/** What the screens call each kind of item ("Report this post"). */
export const CONTENT_TARGET_LABELS: Record<ContentTargetType, string> = {
  post: 'post',
  comment: 'comment',
  interview: 'interview experience',
  job: 'job post',
  flat: 'flat request',
  event: 'event',
  book: 'book',
};

/** Why a user reports an item: a short list, as Discourse and Lemmy offer, with "Something else" last. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  harassment: 'Harassment, hate or bullying',
  scam: 'A scam or a fake offer',
  inappropriate: 'Sexual, violent or shocking content',
  privacy: "Shares someone's private information",
  misleading: 'False or misleading, or out of date',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_NAMES = Object.keys(REPORT_REASONS) as ReportReason[];

/**
 * Reasons that fit only some kinds of item, offered for those after the general ones (before
 * "Something else"): a job post can be closed or gone (issue 28). Each refines a general reason:
 * the report's answer names that one in `reason` (what clients of the previous release know) and
 * the specific one in `kindReason`; the queue shows the specific one (docs/adr/0117).
 */
export const KIND_REPORT_REASONS = {
  expired: { label: 'The job is closed or no longer exists', for: ['job'], refines: 'misleading' },
} as const satisfies Record<
  string,
  { label: string; for: readonly ContentTargetType[]; refines: Exclude<ReportReason, 'other'> }
>;
export type KindReportReason = keyof typeof KIND_REPORT_REASONS;
export const KIND_REPORT_REASON_NAMES = Object.keys(KIND_REPORT_REASONS) as KindReportReason[];
/** Every reason a report may give: the general ones and the kind-specific ones. */
export type AnyReportReason = ReportReason | KindReportReason;
export const ANY_REPORT_REASON_NAMES: AnyReportReason[] = [
  ...REPORT_REASON_NAMES,
  ...KIND_REPORT_REASON_NAMES,
];

const isKindReason = (reason: string): reason is KindReportReason => reason in KIND_REPORT_REASONS;

/** The reasons offered for one kind of item, in the dialog's order ("Something else" last). */
export function reportReasonsFor(targetType: ContentTargetType): AnyReportReason[] {
  const own = KIND_REPORT_REASON_NAMES.filter((r) =>
    (KIND_REPORT_REASONS[r].for as readonly string[]).includes(targetType),
  );
  return [...REPORT_REASON_NAMES.filter((r) => r !== 'other'), ...own, 'other'];
}

/** Whether a reason may be given for this kind of item (a kind-specific one only for its kinds). */
export const reportReasonFits = (reason: AnyReportReason, targetType: ContentTargetType): boolean =>
  !isKindReason(reason) || (KIND_REPORT_REASONS[reason].for as readonly string[]).includes(targetType);

/** What a reason reads as; an unknown one (from a later release) as it is. */
export function reportReasonLabel(reason: string): string {
  if (isKindReason(reason)) return KIND_REPORT_REASONS[reason].label;
  return REPORT_REASONS[reason as ReportReason] ?? reason;
}

/** The general reason a reason is, or refines (what the report's answer names in `reason`). */
export const generalReportReason = (reason: AnyReportReason): ReportReason =>
  isKindReason(reason) ? KIND_REPORT_REASONS[reason].refines : reason;

/** The longest optional note a reporter may add. */
export const REPORT_NOTE_MAX = 500;

/**
 * An item reported by this many different users (weighted: see REPORT_WEIGHT_*) is hidden until a
 * teacher looks. The moderation service's REPORT_HIDE_THRESHOLD overrides it.
 */
export const REPORT_HIDE_THRESHOLD_DEFAULT = 3;

/**
 * How many reports one user may make in an hour (REPORTS_PER_HOUR): without it, a few accounts
 * could report everything to the threshold and hide it all until a teacher looks.
 */
export const REPORTS_PER_HOUR_DEFAULT = 20;

/** The 429 when someone reports faster than REPORTS_PER_HOUR; `when` reads "in 12 minutes". */
export function reportRateMessage(perHour: number, when: string): string {
  return `You have made ${perHour} reports in the last hour. Please try again ${when}; a teacher is looking at the ones you sent.`;
}
/**
 * A reporter whose reports were mostly dismissed counts less: from this many decided reports on, a
 * reporter with more dismissed than upheld counts REPORT_WEIGHT_DOUBTFUL instead of 1.
 */
export const REPORT_WEIGHT_MIN_DECIDED = 3;
export const REPORT_WEIGHT_DOUBTFUL = 0.5;

/** What a moderator can do to an item (or, for `reveal`, learn about it). */
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss', 'reveal'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Every moderator action says why: at least this long, at most MODERATION_REASON_MAX. */
export const MODERATION_REASON_MIN = 5;
export const MODERATION_REASON_MAX = 500;

/** The queue's views (`?status=`): what needs review, what is hidden, everything reported or acted on. */
export const QUEUE_STATUSES = ['open', 'hidden', 'all'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** The moderators' queue and log pages. */
export const MODERATION_PAGE_SIZE = 20;
export const MODERATION_MAX_LIMIT = 50;

/**
 * How much of an item's text its content events carry to the moderators (plain text, trimmed): the
 * queue shows it, and each version is kept as the item's history.
 */
export const CONTENT_SNAPSHOT_TEXT_MAX = 4000;
export const CONTENT_SNAPSHOT_TITLE_MAX = 300;

/** What the moderators' queue shows for the author of an anonymous item (only a logged reveal says more). */
export const ANONYMOUS_AUTHOR = 'Anonymous User';

/** The reason an item hidden by the reports threshold carries (its author sees it; so do the owners). */
export const REPORTS_HIDE_REASON = 'Reported by several users; a teacher will review it.';

/** The text that stands in for a deleted comment that still has replies, so the thread reads on. */
export const DELETED_PLACEHOLDER = '[deleted]';

/**
 * Who stands where a deleted account stood (identity.user.deleted): the author of what they wrote
 * and chose to leave, the teacher of a logged action. The id is nobody's (identity issues uuids):
 * a moderation decision about such an item names it, and the author's notification goes to nobody.
 */
export const DELETED_USER_ID = 'deleted-user';
export const DELETED_USER_NAME = 'Deleted user';

export const MODERATION_MESSAGES = {
  reported: 'Thanks. A teacher will look at it.',
  alreadyReported: 'You have already reported this.',
  ownItem: 'You cannot report what you wrote yourself. You can edit or delete it instead.',
  noSuchItem: 'That item does not exist or was removed.',
  reason: 'Please choose why you are reporting this.',
  reasonNotForItem: 'That reason does not fit this kind of item. Please choose another.',
  noteTooLong: `Please keep the note under ${REPORT_NOTE_MAX} characters.`,
  targetType: 'Please name what you are reporting.',
  action: 'Please choose an action: hide, restore, delete, dismiss or reveal.',
  actionReason: `Please say why, in at least ${MODERATION_REASON_MIN} characters.`,
  actionReasonTooLong: `Please keep the reason under ${MODERATION_REASON_MAX} characters.`,
  teachersOnly: 'Only teachers can moderate.',
  notAnonymous: 'This item is not anonymous: its author is already shown.',
  alreadyDeleted: 'This item was already deleted.',
  alreadyHidden: 'This item is already hidden by a moderator.',
  notHidden: 'This item is not hidden: there is nothing to restore.',
  noOpenReports: 'This item has no open reports to dismiss.',
  badCursor: 'The cursor is not one this list gave out. Start again from the first page.',
  done: {
    hide: 'Hidden. Its author has been told why.',
    restore: 'Restored: everyone can see it again.',
    delete: 'Deleted. Its author has been told why.',
    dismiss: 'Reports dismissed.',
    reveal: 'Author revealed. The reveal is recorded in the log.',
  } satisfies Record<ModerationAction, string>,
} as const;
