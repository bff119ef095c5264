import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MODERATION_MESSAGES } from '@campus/contracts/moderation-rules';
import { ButtonLink } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { PageHeader } from '@campus/ui/page-header';
import { Select } from '@campus/ui/select';
import { Tabs } from '@campus/ui/tabs';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { ModerationLog } from './moderation-log';
import type { QueueItem } from '@campus/contracts/moderation';
import { QUEUE_STATUSES, type QueueStatus } from '@campus/contracts/moderation-rules';
import { itemKey, moderationKeys, queueKey, queuePages } from './moderation-api';
import { QueueCard } from './queue-card';
import styles from './moderation-page.module.css';

/** `?view=log` opens the log; the queue otherwise (a link or Back returns to the tab it names). */
const LOG_VIEW = 'log';
const PANEL_ID = 'moderation-panel';

/**
 * The queue's views (`?status=`, none for the first): what needs a look, everything hidden (by the
 * reports or a teacher), and everything ever reported or acted on, where a restored item can be
 * hidden again.
 */
const VIEWS: Record<QueueStatus, { label: string; subtitle: string; empty: string; emptyHint: string }> = {
  open: {
    label: 'Needs review',
    subtitle: 'Reported items, the most reported first.',
    empty: 'Nothing to review.',
    emptyHint: 'Items appear here when someone reports them, most reported first.',
  },
  hidden: {
    label: 'Hidden',
    subtitle: 'Every hidden item, by the reports or by a teacher, latest activity first.',
    empty: 'Nothing is hidden.',
    emptyHint: 'Items hidden by the reports or by a teacher appear here.',
  },
  all: {
    label: 'All reported',
    subtitle: 'Every item ever reported or acted on, latest activity first.',
    empty: 'Nothing has been reported yet.',
    emptyHint: 'Every item someone reported, or a teacher acted on, appears here.',
  },
};
const STATUS_OPTIONS = QUEUE_STATUSES.map((value) => ({ value, label: VIEWS[value].label }));
const statusOf = (value: string | null): QueueStatus =>
  (QUEUE_STATUSES as readonly string[]).includes(value ?? '') ? (value as QueueStatus) : 'open';

/**
 * `/moderation`: the teachers' moderation screen, two tabs: the queue of reported items (with
 * Hide/Restore, Delete, Dismiss and Reveal author, each with a reason) and the log of every action.
 * A guest is asked to log in; a student is told plainly that only teachers moderate.
 */
export default function ModerationPage() {
  usePageTitle('Moderation');
  const { user, isTeacher } = useAuth();
  if (!user) return <SignInPrompt what="the moderation queue" />;
  if (!isTeacher)
    return (
      <div className={styles.page}>
        <PageHeader title="Moderation" />
        <EmptyState
          title={MODERATION_MESSAGES.teachersOnly}
          description="If you see something harmful, use Report on it: a teacher will look at it."
          action={
            <ButtonLink href="/feature" variant="secondary">
              Back to Home
            </ButtonLink>
          }
        />
      </div>
    );
  return <Moderation />;
}

function Moderation() {
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === LOG_VIEW ? 'log' : 'queue';
  const status = statusOf(search.get('status'));
  const chooseStatus = (next: QueueStatus) =>
    setSearch(
      (params) => {
        const after = new URLSearchParams(params);
        if (next === 'open') after.delete('status');
        else after.set('status', next);
        return after;
      },
      { replace: true },
    );
  // What a reveal answered, by item: shown on the item's card for as long as the screen is open
  // (the queue itself never carries an anonymous author's name).
  const [revealed, setRevealed] = useState<ReadonlyMap<string, string>>(new Map());
  const reveal = useCallback(
    (entry: QueueItem, name: string) => setRevealed((known) => new Map(known).set(itemKey(entry), name)),
    [],
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title="Moderation"
        subtitle={view === 'queue' ? VIEWS[status].subtitle : 'Every action by every teacher, newest first.'}
      />
      <Tabs
        label="Moderation"
        className={styles.tabs}
        items={[
          { id: 'queue', label: 'Queue', href: '/moderation', active: view === 'queue', controls: PANEL_ID },
          {
            id: 'log',
            label: 'Log',
            href: `/moderation?view=${LOG_VIEW}`,
            active: view === 'log',
            controls: PANEL_ID,
          },
        ]}
      />
      <section role="tabpanel" id={PANEL_ID} aria-labelledby={`tab-${view}`}>
        {view === 'queue' ? (
          <>
            <label className={styles.filter}>
              <span className={styles.filterLabel}>Show</span>
              <Select
                options={STATUS_OPTIONS}
                value={status}
                onChange={(e) => chooseStatus(statusOf(e.target.value))}
              />
            </label>
            <Queue status={status} revealed={revealed} onReveal={reveal} />
          </>
        ) : (
          <ModerationLog />
        )}
      </section>
    </div>
  );
}

function Queue({
  status,
  revealed,
  onReveal,
}: {
  status: QueueStatus;
  revealed: ReadonlyMap<string, string>;
  onReveal(entry: QueueItem, name: string): void;
}) {
  const api = useApiClient();
  const fetchPage = useMemo(() => queuePages(api, status), [api, status]);
  const list = useLoadMoreList({
    queryKey: moderationKeys.queueView(status),
    fetchPage,
    getItemKey: queueKey,
  });
  return (
    <LoadMoreResults
      list={list}
      loadingLabel="Loading the queue..."
      skeletonCards={3}
      minColumnWidth="100%"
      errorMessage={(message) => `Could not load the queue: ${message}`}
      empty={<EmptyState title={VIEWS[status].empty} description={VIEWS[status].emptyHint} />}
      endLabel="That is everything in the queue."
      itemKey={queueKey}
      renderItem={(entry) => (
        <QueueCard
          key={queueKey(entry)}
          entry={entry}
          revealedAuthor={revealed.get(itemKey(entry))}
          onReveal={onReveal}
        />
      )}
    />
  );
}
