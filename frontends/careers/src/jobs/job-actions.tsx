import { lazy, Suspense, useState } from 'react';
import type { JobPost } from '@campus/contracts/careers';
import { Button } from '@campus/ui/button';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { useAuth } from '@campus/web-kit/auth-context';
import { ReportButton } from '@campus/web-kit/report-button';
import { useDeleteJob } from '../careers-api';
import styles from './jobs-page.module.css';

// The form (and zod) load only when the author opens it: the job list stays light (ADR 0032).
const EditJobDialog = lazy(() => import('../forms/edit-dialogs').then((m) => ({ default: m.EditJobDialog })));

/**
 * What a reader can do with a job post besides applying: its author edits it (the create form,
 * prefilled, in a dialog) and deletes it (after a confirmation); everyone else reports it (a guest is
 * sent to log in first).
 */
export function JobActions({ job }: { job: JobPost }) {
  const { user } = useAuth();
  const remove = useDeleteJob();
  const [editing, setEditing] = useState(false);
  const name = `${job.role} at ${job.companyName}`;
  if (!user || user._id !== job.postedBy)
    return (
      <ReportButton targetType="job" targetId={job._id} label="job post" className={styles.ownActions} />
    );
  return (
    <div className={styles.ownActions}>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Edit ${name}`}
        aria-haspopup="dialog"
        onClick={() => setEditing(true)}
      >
        Edit
      </Button>
      <ConfirmDeleteButton
        aria-label={`Delete ${name}`}
        question="Delete this job post?"
        consequence={`“${name}” will be removed for everyone. This cannot be undone.`}
        confirmLabel="Delete job post"
        onConfirm={() => remove.mutateAsync(job._id)}
      />
      {editing && (
        <Suspense fallback={null}>
          <EditJobDialog job={job} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
