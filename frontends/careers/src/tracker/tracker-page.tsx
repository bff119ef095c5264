import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TrackedJob } from '@campus/contracts/careers';
import {
  closesLabel,
  companyPath,
  TRACK_NOTE_MAX,
  TRACK_STATUSES,
  type TrackStatus,
} from '@campus/contracts/careers-rules';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Badge, type BadgeTone } from '@campus/ui/badge';
import { Button, ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Field } from '@campus/ui/field';
import { PageHeader } from '@campus/ui/page-header';
import { Select } from '@campus/ui/select';
import { Skeleton } from '@campus/ui/skeleton';
import { Tabs } from '@campus/ui/tabs';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { useAuth } from '@campus/web-kit/auth-context';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { TRACK_STATUS_LABELS, useTrackJob, useTracker, type TrackChange } from '../careers-api';
import { TRACK_OPTIONS } from '../jobs/track-control';
import styles from './tracker-page.module.css';

const STATUS_TONES: Record<TrackStatus, BadgeTone> = {
  saved: 'neutral',
  applied: 'info',
  interviewing: 'primary',
  offer: 'success',
  rejected: 'danger',
};

/** Today on the reader's device, as apply-by dates are written (YYYY-MM-DD). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString('en-US', { dateStyle: 'medium' });
const momentLabel = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const isStatus = (value: string | null): value is TrackStatus =>
  (TRACK_STATUSES as readonly string[]).includes(value ?? '');

/**
 * `/jobs/tracker` (issue 28): the signed-in student's saved and tracked jobs, by status (Saved ->
 * Applied -> Interviewing -> Offer / Rejected), each with its company, apply-by date, when it last
 * changed, a note they can edit, and a control to move it on or remove it. Private: a guest is
 * asked to log in. The status filter is kept in the URL (`?status=applied`).
 */
export default function TrackerPage() {
  usePageTitle('My applications');
  const { user } = useAuth();
  if (!user) return <SignInPrompt what="your saved jobs and applications" />;
  return <Tracker />;
}

function Tracker() {
  const tracker = useTracker();
  const [params] = useSearchParams();
  const wanted = params.get('status');
  const filter = isStatus(wanted) ? wanted : null;
  const tracked = tracker.data ?? [];
  const count = (status: TrackStatus) => tracked.filter((t) => t.status === status).length;
  const shown = filter ? [filter] : TRACK_STATUSES;

  const tabs = [
    { label: `All (${tracked.length})`, href: '/jobs/tracker', active: !filter, controls: 'tracker-list' },
    ...TRACK_STATUSES.map((status) => ({
      label: `${TRACK_STATUS_LABELS[status]} (${count(status)})`,
      href: `/jobs/tracker?status=${status}`,
      active: filter === status,
      controls: 'tracker-list',
    })),
  ];

  return (
    <div className={styles.page}>
      <PageHeader
        back={<BackLink href="/jobs">Back to Job Posts</BackLink>}
        title="My applications"
        subtitle="The jobs you saved and where each application stands. Only you see this."
      />
      {tracker.isSuccess && tracked.length > 0 && (
        <Tabs items={tabs} label="Applications by status" className={styles.tabs} />
      )}
      <section
        id="tracker-list"
        role={tracker.isSuccess && tracked.length > 0 ? 'tabpanel' : undefined}
        aria-label="My applications"
        aria-busy={tracker.isPending}
        className={styles.list}
      >
        {tracker.isPending && (
          <div className={styles.group}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} variant="card" label={i === 0 ? 'Loading your applications...' : undefined} />
            ))}
          </div>
        )}
        {tracker.isError && (
          <ErrorState
            message={`Could not load your applications: ${tracker.error.message}`}
            onRetry={() => void tracker.refetch()}
          />
        )}
        {tracker.isSuccess && tracked.length === 0 && (
          <EmptyState
            title="No saved jobs yet."
            description="Press Save on a job post to keep it here, then move it along as you apply: Applied, Interviewing, Offer or Rejected."
            action={
              <ButtonLink href="/jobs" variant="primary">
                Browse job posts
              </ButtonLink>
            }
          />
        )}
        {tracker.isSuccess &&
          tracked.length > 0 &&
          shown.map((status) => {
            const group = tracked.filter((t) => t.status === status);
            if (group.length === 0 && !filter) return null;
            return (
              <section key={status} className={styles.group} aria-labelledby={`tracker-${status}`}>
                <h2 id={`tracker-${status}`} className={styles.groupTitle}>
                  {TRACK_STATUS_LABELS[status]} <span className={styles.groupCount}>({group.length})</span>
                </h2>
                {group.length === 0 ? (
                  <p className={styles.none}>No job is {TRACK_STATUS_LABELS[status]} yet.</p>
                ) : (
                  <ul className={styles.entries}>
                    {group.map((t) => (
                      <TrackedJobCard key={t.job._id} tracked={t} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
      </section>
    </div>
  );
}

/** One tracked job: the post, its apply-by date, the last change, the status control, Remove and the note. */
function TrackedJobCard({ tracked }: { tracked: TrackedJob }) {
  const { job } = tracked;
  const track = useTrackJob();
  const toast = useToast();
  const name = `${job.role} at ${job.companyName}`;
  const [note, setNote] = useState(tracked.note);
  const noteChanged = note.trim() !== tracked.note;

  const change = (update: Omit<TrackChange, 'jobId'>, done: string) =>
    track.mutate(
      { jobId: job._id, ...update },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(`Could not update ${name}: ${error.message}`),
      },
    );

  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    if (noteChanged) change({ status: tracked.status, note: note.trim() }, `Note saved for ${name}`);
  };

  return (
    <Card as="li" className={styles.entry} id={`tracked-${job._id}`}>
      <div className={styles.head}>
        <CardTitle level={3}>{job.role}</CardTitle>
        <Badge tone={STATUS_TONES[tracked.status]}>{TRACK_STATUS_LABELS[tracked.status]}</Badge>
      </div>
      <p className={styles.company} dir="auto">
        <AppLink href={companyPath(job.companyName)}>{job.companyName}</AppLink>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Apply by</dt>
          <dd>
            {job.applyBy ? (
              <>
                {dayLabel(job.applyBy)}{' '}
                <span className={styles.closes}>({closesLabel(job.applyBy, localToday())})</span>
              </>
            ) : (
              'No date given'
            )}
          </dd>
        </div>
        <div>
          <dt>Last change</dt>
          <dd>
            <time dateTime={tracked.updatedAt}>{momentLabel(tracked.updatedAt)}</time>
          </dd>
        </div>
      </dl>
      <div className={styles.controls}>
        <label className={styles.status}>
          <span>Status</span>
          <Select
            aria-label={`Status of ${name}`}
            value={tracked.status}
            disabled={track.isPending}
            options={TRACK_OPTIONS}
            onChange={(event) => {
              const status = event.target.value as TrackStatus | 'none';
              // The card moves to its new group and is drawn again there: a note typed but not
              // saved goes with the change instead of being lost.
              change(
                status !== 'none' && noteChanged ? { status, note: note.trim() } : { status },
                status === 'none'
                  ? `${name} is no longer in My applications`
                  : `${name}: ${TRACK_STATUS_LABELS[status]}`,
              );
            }}
          />
        </label>
        {job.jobLink && (
          <AppLink href={job.jobLink} external className={styles.apply}>
            Apply<span className={styles.hiddenText}> for {name}</span>
          </AppLink>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${name} from My applications`}
          disabled={track.isPending}
          onClick={() => change({ status: 'none' }, `${name} is no longer in My applications`)}
        >
          Remove
        </Button>
      </div>
      <form className={styles.note} onSubmit={saveNote} aria-label={`Note on ${name}`}>
        <Field label="Note" limit={{ max: TRACK_NOTE_MAX, length: note.length }}>
          <TextArea
            rows={2}
            value={note}
            placeholder="e.g. who referred you, the next round’s date"
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          aria-disabled={!noteChanged || undefined}
          loading={track.isPending && noteChanged}
          loadingLabel="Saving..."
        >
          Save note<span className={styles.hiddenText}> on {name}</span>
        </Button>
      </form>
    </Card>
  );
}
