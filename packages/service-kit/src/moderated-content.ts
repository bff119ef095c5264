import type {
  ContentChangedPayload,
  EventName,
  EventPayload,
  ModerationDecisionPayload,
} from '@campus/contracts/events';
import type { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import {
  CONTENT_SNAPSHOT_TEXT_MAX,
  CONTENT_SNAPSHOT_TITLE_MAX,
  type ContentTargetType,
} from '@campus/contracts/moderation-rules';
import { eq, sql, type SQL } from 'drizzle-orm';
import { integer, text, timestamp, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import sanitizeHtml from 'sanitize-html';
import type { DbExecutor, Tx } from './db';
import type { EventHandler } from './event-handlers';
import type { Emit } from './unit-of-work';

/**
 * What every table of user-written items adds (posts, comments, interview experiences, job posts,
 * flat requests, events, books), spread into its drizzle table: `...moderatedContentColumns()`.
 *
 * - `version`: 1 when published, one more at each edit or moderation change; it goes out with the
 *   item's `content.changed` events so moderation keeps each version once, in order.
 * - `editedAt`: when its author last edited it (null: never), shown as "edited" on the screens.
 * - `moderation`: `visible`, or `hidden` by a moderator or the reports threshold; a hidden item is
 *   in no public answer (lists, details, search, Trending, counts), only in its author's own view.
 * - `moderationReason`: the moderator's reason, which its author sees.
 * - `moderationDecision`: the counter of the last moderation decision applied (0: none), so a
 *   decision that arrives after a newer one is skipped (isStaleDecision).
 */
export function moderatedContentColumns() {
  return {
    version: integer('version').notNull().default(1),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    moderation: text('moderation', { enum: ['visible', 'hidden'] })
      .notNull()
      .default('visible'),
    moderationReason: text('moderation_reason'),
    moderationDecision: integer('moderation_decision').notNull().default(0),
  };
}

/**
 * Whether a moderation decision is older than the last one applied to the item: moderation numbers
 * each item's decisions (1, 2, 3...), and the bus may deliver them out of order (a retried handler,
 * a replayed dead letter), so hide 1, restore 2, hide 3 can arrive as 1, 3, 2. A decision without a
 * number (queued before the numbering) is never stale: it is applied as before.
 */
export function isStaleDecision(
  currentDecision: number,
  incoming: Pick<ModerationDecisionPayload, 'decision'>,
): boolean {
  return incoming.decision !== undefined && incoming.decision <= currentDecision;
}

/**
 * The ordering rule, under the item's row lock (the caller has taken it): false for a stale decision
 * (skip it); otherwise the decision's number is stored on the row (`moderation_decision`) and the
 * caller applies it. One conditional update does both, so the row's records need not carry it.
 *
 *   const row = await store.lockJob(tx, id);
 *   if (!row || !(await acceptDecision(tx, jobPosts, jobPosts.id, row.id, decision))) return;
 */
export async function acceptDecision(
  tx: DbExecutor,
  table: PgTable,
  idColumn: PgColumn,
  id: unknown,
  incoming: Pick<ModerationDecisionPayload, 'decision'>,
): Promise<boolean> {
  if (incoming.decision === undefined) return true;
  const column = sql.identifier('moderation_decision');
  const result = await tx.execute(
    sql`update ${table} set ${column} = ${incoming.decision} where ${idColumn} = ${id} and ${column} < ${incoming.decision} returning 1 as applied`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The condition every public read adds: the item is not hidden by moderation. */
export function publiclyVisible(table: { moderation: PgColumn }): SQL {
  return eq(table.moderation, 'visible');
}

/**
 * An item's words as moderators read them: tags dropped (rich text keeps its line breaks as
 * spaces), entities decoded, whitespace collapsed, cut at the snapshot's limit.
 */
export function snapshotText(htmlOrText: string, max = CONTENT_SNAPSHOT_TEXT_MAX): string {
  const plain = sanitizeHtml(htmlOrText.replace(/<(\/p|br\s*\/?|\/li|\/h\d)>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript'],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/**
 * The payload of a `<service>.content.changed` event, with its title and text made to fit (a
 * blank title becomes the kind of item, so moderators never see an empty headline).
 */
export function contentChanged(
  input: Omit<ContentChangedPayload, 'at' | 'title' | 'text'> & { title: string; text: string; at: Date },
): ContentChangedPayload {
  const title = snapshotText(input.title, CONTENT_SNAPSHOT_TITLE_MAX) || `A ${input.targetType}`;
  return { ...input, title, text: snapshotText(input.text), at: input.at.toISOString() };
}

/** What a moderation decision asks of the owning service. */
export type ModerationCommand = 'hide' | 'restore' | 'delete';

const COMMANDS = {
  'moderation.content.hidden': 'hide',
  'moderation.content.restored': 'restore',
  'moderation.content.deleted': 'delete',
} as const satisfies Record<(typeof MODERATION_DECISION_EVENTS)[number], ModerationCommand>;

type DecisionEvent = (typeof MODERATION_DECISION_EVENTS)[number];

/**
 * The handlers an owning service adds to its `defineEventHandlers` for moderation's decisions
 * (and to its `consumes`: `...MODERATION_DECISION_EVENTS`). Decisions about items of other services
 * are skipped; `apply` runs in the event's inbox transaction, so a redelivered decision changes
 * nothing twice (and `apply` must itself be idempotent: a hide of a hidden item is no change, a
 * delete of a gone item is no error).
 *
 * Order: the bus may deliver an item's decisions out of order (a retried handler, a replayed dead
 * letter). `decision.decision` numbers them per item; `apply` locks the item's row, applies a
 * decision only when its number is above the stored `moderation_decision`, and stores it
 * (`acceptDecision`, or `isStaleDecision` and its own update). A decision without a number is
 * applied as before.
 *
 *   defineEventHandlers({
 *     ...existing,
 *     ...moderationDecisionHandlers(['job', 'interview'], (tx, command, decision) =>
 *       careers.moderate(tx, command, decision)),
 *   }, { emits: ['careers.content.changed', 'careers.job.deleted'] })
 */
export function moderationDecisionHandlers<P extends EventName = never>(
  owns: readonly ContentTargetType[],
  apply: (
    tx: Tx,
    command: ModerationCommand,
    decision: ModerationDecisionPayload,
    emit: Emit<P>,
  ) => Promise<void>,
): { [N in DecisionEvent]: EventHandler<N, P> } {
  const handle =
    <N extends DecisionEvent>(name: N): EventHandler<N, P> =>
    async ({ payload }, { tx, emit }) => {
      const decision = payload as EventPayload<N> as ModerationDecisionPayload;
      if (!owns.includes(decision.targetType)) return;
      await apply(tx, COMMANDS[name], decision, emit);
    };
  return {
    'moderation.content.hidden': handle('moderation.content.hidden'),
    'moderation.content.restored': handle('moderation.content.restored'),
    'moderation.content.deleted': handle('moderation.content.deleted'),
  };
}
