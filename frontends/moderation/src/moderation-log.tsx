import { useMemo } from 'react';
import { CONTENT_TARGET_LABELS, type ModerationAction } from '@campus/contracts/moderation-rules';
import { AppLink } from '@campus/ui/app-link';
import { EmptyState } from '@campus/ui/empty-state';
import { useApiClient } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { relativeTime } from '@campus/web-kit/relative-time';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import type { LogEntry } from '@campus/contracts/moderation';
import { logPages, moderationKeys } from './moderation-api';
import styles from './moderation-log.module.css';

/** What a teacher did, as the log says it: "Meera Iyer hid the post ...". */
const DID: Record<ModerationAction, string> = {
  hide: 'hid the',
  restore: 'restored the',
  delete: 'deleted the',
  dismiss: 'dismissed the reports on the',
  reveal: 'revealed the author of the',
};

const entryKey = (entry: LogEntry) => entry._id;

/** The moderation log: every action by every teacher (reveals too), newest first, with Load More. */
export function ModerationLog() {
  const api = useApiClient();
  const fetchPage = useMemo(() => logPages(api), [api]);
  const list = useLoadMoreList({ queryKey: moderationKeys.log, fetchPage, getItemKey: entryKey });
  return (
    <LoadMoreResults
      list={list}
      loadingLabel="Loading the log..."
      skeletonCards={3}
      minColumnWidth="100%"
      errorMessage={(message) => `Could not load the log: ${message}`}
      empty={
        <EmptyState
          title="No moderation actions yet."
          description="Every action a teacher takes is recorded here."
        />
      }
      endLabel="That is the whole log."
      itemKey={entryKey}
      renderItem={(entry) => <LogRow key={entry._id} entry={entry} />}
    />
  );
}

function LogRow({ entry }: { entry: LogEntry }) {
  const what = (
    <>
      {CONTENT_TARGET_LABELS[entry.targetType]} “{entry.title}”
    </>
  );
  return (
    <li className={styles.entry} data-card-id={entry._id} tabIndex={-1}>
      <p className={styles.what} dir="auto">
        <strong>{entry.by === 'reports' ? 'Several reports' : (entry.moderator?.name ?? 'A teacher')}</strong>{' '}
        {DID[entry.action]} {entry.action === 'delete' ? what : <AppLink href={entry.link}>{what}</AppLink>}
      </p>
      <p className={styles.why} dir="auto">
        Why: {entry.reason}
      </p>
      <time className={styles.when} dateTime={entry.createdAt} title={entry.createdAt}>
        {relativeTime(entry.createdAt)}
      </time>
    </li>
  );
}
