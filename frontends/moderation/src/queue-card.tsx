import { useEffect, useId, useRef, useState } from 'react';
import {
  CONTENT_TARGET_LABELS,
  reportReasonLabel,
  type ModerationAction,
} from '@campus/contracts/moderation-rules';
import { Badge, type BadgeTone } from '@campus/ui/badge';
import { Button, ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import { relativeTime } from '@campus/web-kit/relative-time';
import type { ItemVersion, ModeratedItem, QueueItem } from '@campus/contracts/moderation';
import { ActionDialog } from './action-dialog';
import { queueKey } from './moderation-api';
import styles from './queue-card.module.css';

const STATES: Record<ModeratedItem['state'], { label: string; tone: BadgeTone }> = {
  visible: { label: 'Visible', tone: 'success' },
  hidden: { label: 'Hidden', tone: 'warning' },
  deleted: { label: 'Deleted', tone: 'danger' },
};

const CHANGES: Record<ItemVersion['change'], string> = {
  published: 'Published',
  edited: 'Edited',
  deleted: 'Deleted',
};

// Past this many characters (or lines) the text is cut to a few lines, with Show all.
const LONG_TEXT = 280;
const LONG_LINES = 4;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * One reported item in the queue: what it is, its text, author and state, its reports and history,
 * a link to it, and the actions that apply (each asks for a reason in a dialog).
 */
export function QueueCard({
  entry,
  revealedAuthor,
  onReveal,
}: {
  entry: QueueItem;
  /** The author's name, once a reveal answered it. */
  revealedAuthor: string | undefined;
  onReveal(entry: QueueItem, name: string): void;
}) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const top = useRef<HTMLDivElement>(null);
  // The entry an action was done on: when the queue shows its outcome, the button that had focus may
  // be gone (Hide becomes Restore), and focus would fall to the page; the card takes it instead.
  const actedOn = useRef<QueueItem | null>(null);
  useEffect(() => {
    if (!actedOn.current || actedOn.current === entry) return;
    actedOn.current = null;
    const focused = document.activeElement;
    if (!focused || focused === document.body) top.current?.closest<HTMLElement>('[data-card-id]')?.focus();
  }, [entry]);
  const { item } = entry;
  const label = CONTENT_TARGET_LABELS[item.targetType];
  const state = STATES[item.state];
  const named = ` ${label} “${item.title}”`;
  // What applies to the item as it is now (the service refuses the rest with a 409): a hidden item
  // can be restored, and one the reports hid can also be kept hidden with a teacher's reason.
  const hiddenByReports = item.state === 'hidden' && item.hiddenBy === 'reports';
  const actions: ModerationAction[] = [
    ...(item.state === 'visible' || hiddenByReports ? (['hide'] as const) : []),
    ...(item.state === 'hidden' ? (['restore'] as const) : []),
    ...(item.state === 'deleted' ? [] : (['delete'] as const)),
    ...(entry.reportCount > 0 ? (['dismiss'] as const) : []),
    ...(item.anonymous && !revealedAuthor ? (['reveal'] as const) : []),
  ];

  return (
    <Card as="li" className={styles.card} data-card-id={queueKey(entry)} tabIndex={-1}>
      <div ref={top} className={styles.top}>
        <Badge tone="info">{capitalised(label)}</Badge>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <CardTitle level={2}>{item.title}</CardTitle>
      <ItemText text={item.text} />
      {item.state === 'hidden' && (
        <p className={styles.hidden}>
          {item.hiddenBy === 'reports' ? 'Hidden by reports until a teacher looks' : 'Hidden by a teacher'}
          {item.hiddenReason && <>: {item.hiddenReason}</>}
        </p>
      )}
      <p className={styles.author}>
        By {item.authorName}
        {revealedAuthor && (
          <span className={styles.revealed}>
            {' '}
            (revealed: <strong>{revealedAuthor}</strong>; the reveal is recorded in the log)
          </span>
        )}
      </p>
      <Reports entry={entry} />
      {entry.versions.length > 0 && <History versions={entry.versions} />}
      <div className={styles.actions}>
        {item.state !== 'deleted' && (
          <ButtonLink href={item.link} variant="secondary" size="sm">
            Open<VisuallyHidden>{named}</VisuallyHidden>
          </ButtonLink>
        )}
        {actions.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={
              name === 'delete' ? 'danger' : name === 'hide' || name === 'restore' ? 'primary' : 'ghost'
            }
            aria-haspopup="dialog"
            onClick={() => setAction(name)}
          >
            {name === 'hide' && hiddenByReports ? 'Keep hidden' : BUTTONS[name]}
            <VisuallyHidden>
              {name === 'dismiss' ? ` reports on${named}` : name === 'reveal' ? ` of${named}` : named}
            </VisuallyHidden>
          </Button>
        ))}
      </div>
      <ActionDialog
        item={item}
        action={action}
        onClose={() => setAction(null)}
        onRevealed={(name) => onReveal(entry, name)}
        onDone={() => {
          actedOn.current = entry;
        }}
      />
    </Card>
  );
}

const BUTTONS: Record<ModerationAction, string> = {
  hide: 'Hide',
  restore: 'Restore',
  delete: 'Delete',
  dismiss: 'Dismiss',
  reveal: 'Reveal author',
};

/** The item's text, cut to a few lines when long, with Show all / Show less. */
function ItemText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const long = text.length > LONG_TEXT || text.split('\n').length > LONG_LINES;
  return (
    <div className={styles.textBlock}>
      <p id={id} className={long && !expanded ? `${styles.text} ${styles.clamped}` : styles.text} dir="auto">
        {text}
      </p>
      {long && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show all'}
        </button>
      )}
    </div>
  );
}

/** How many reported it (and how much that counts, when doubtful reporters count less), and why. */
function Reports({ entry }: { entry: QueueItem }) {
  const count = entry.reportCount;
  if (count === 0) return <p className={styles.reportCount}>No open reports</p>;
  return (
    <div className={styles.reports}>
      <p className={styles.reportCount}>
        {plural(count, 'report')}
        {entry.weight !== count && <span className={styles.weight}> (counts as {entry.weight})</span>}
      </p>
      <ul className={styles.reportList} aria-label="Reports">
        {entry.reports.map((report, index) => (
          <li key={`${report.createdAt} ${index}`} className={styles.report}>
            <span className={styles.reason}>{reportReasonLabel(report.reason)}</span>
            {report.note && (
              <span className={styles.note} dir="auto">
                “{report.note}”
              </span>
            )}
            <time className={styles.when} dateTime={report.createdAt} title={report.createdAt}>
              {relativeTime(report.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every version the author published, newest first, folded away until asked for. */
function History({ versions }: { versions: ItemVersion[] }) {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <details className={styles.history}>
      <summary>History ({plural(versions.length, 'version')})</summary>
      <ol className={styles.versions}>
        {newestFirst.map((version) => (
          <li key={version.version} className={styles.version}>
            <p className={styles.versionMeta}>
              Version {version.version} · {CHANGES[version.change]}{' '}
              <time dateTime={version.at} title={version.at}>
                {relativeTime(version.at)}
              </time>
            </p>
            <p className={styles.versionTitle} dir="auto">
              {version.title}
            </p>
            {version.text && (
              <p className={styles.versionText} dir="auto">
                {version.text}
              </p>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
