import { useNavigate } from 'react-router-dom';
import type { JobPost } from '@campus/contracts/careers';
import { TRACK_STATUSES, type TrackStatus } from '@campus/contracts/careers-rules';
import { Button } from '@campus/ui/button';
import { Select } from '@campus/ui/select';
import { useToast } from '@campus/ui/toast';
import { useAuth } from '@campus/web-kit/auth-context';
import { useLoginHref } from '@campus/web-kit/login-return-path';
import { TRACK_STATUS_LABELS, useTrackJob, useTracker } from '../careers-api';
import styles from './jobs-page.module.css';

/** The statuses a tracked job can move to, and "Not tracking" (removes it from My applications). */
export const TRACK_OPTIONS = [
  ...TRACK_STATUSES.map((status) => ({ value: status, label: TRACK_STATUS_LABELS[status] })),
  { value: 'none', label: 'Not tracking' },
];

/** Save pressed while My applications could not be read: nothing is sent, it is read again. */
export const TRACKER_UNREAD =
  'Could not read My applications, so nothing was saved: trying again, press Save once more.';

/**
 * Save on a job post (issue 28): a signed-in student saves it to My applications; once saved, the
 * control shows its status and moves it on (Saved -> Applied -> Interviewing -> Offer / Rejected)
 * or stops tracking it. A guest goes to log in and comes back here; the author has nothing to save.
 */
export function TrackControl({ job }: { job: JobPost }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const loginHref = useLoginHref();
  const own = Boolean(user) && user?._id === job.postedBy;
  const tracker = useTracker({ enabled: !own });
  const track = useTrackJob();
  const toast = useToast();
  const name = `${job.role} at ${job.companyName}`;

  if (own) return null;
  const tracked = tracker.data?.find((t) => t.job._id === job._id);

  const change = (status: TrackStatus | 'none') =>
    track.mutate(
      { jobId: job._id, status },
      {
        onSuccess: () =>
          toast.success(
            status === 'none'
              ? `${name} is no longer in My applications`
              : status === 'saved' && !tracked
                ? `Saved ${name} to My applications`
                : `${name}: ${TRACK_STATUS_LABELS[status]}`,
          ),
        onError: (error) => toast.error(`Could not update ${name}: ${error.message}`),
      },
    );

  if (!tracked)
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Save ${name}`}
        aria-disabled={user && tracker.isPending ? 'true' : undefined}
        loading={track.isPending}
        loadingLabel="Saving..."
        onClick={() => {
          if (!user) void navigate(loginHref);
          else if (tracker.isError) {
            // Unread, the job may be tracked already (at Offer, say): saving would set it back.
            toast.error(TRACKER_UNREAD);
            void tracker.refetch();
          } else if (!tracker.isPending) change('saved');
        }}
      >
        Save
      </Button>
    );
  return (
    <label className={styles.trackStatus}>
      <span aria-hidden="true">Status</span>
      <Select
        aria-label={`My status for ${name}`}
        value={tracked.status}
        disabled={track.isPending}
        options={TRACK_OPTIONS}
        onChange={(event) => change(event.target.value as TrackStatus | 'none')}
      />
    </label>
  );
}
