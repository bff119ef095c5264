import { lazy, Suspense, useState } from 'react';
import type { InterviewExperience } from '@campus/contracts/careers';
import { Button } from '@campus/ui/button';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { ReportButton } from '@campus/web-kit/report-button';
import { useDeleteInterview } from '../careers-api';
import styles from './interviews-page.module.css';

// The form, its editor and zod load only when the author opens it: listings stay light (ADR 0032).
const EditInterviewDialog = lazy(() =>
  import('../forms/edit-dialogs').then((m) => ({ default: m.EditInterviewDialog })),
);

export interface InterviewActionsProps {
  interview: InterviewExperience;
  /** After its author deleted it (the detail page goes back to the listings). */
  onDeleted?: () => void;
}

/**
 * Its author (the service says `mine`, also on an anonymous experience, and to them alone) edits it
 * (the share form, prefilled, in a dialog) and deletes it (after a confirmation); everyone else
 * reports it (a guest is sent to log in first).
 */
export function InterviewActions({ interview, onDeleted }: InterviewActionsProps) {
  const remove = useDeleteInterview(onDeleted);
  const [editing, setEditing] = useState(false);
  const name = `${interview.role} at ${interview.companyName}`;
  if (!interview.mine)
    return (
      <div className={styles.actions}>
        <ReportButton targetType="interview" targetId={interview._id} label="interview experience" />
      </div>
    );
  return (
    <div className={styles.actions}>
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
        question="Delete this interview experience?"
        consequence={`“${name}” will be removed for everyone. This cannot be undone.`}
        confirmLabel="Delete interview experience"
        onConfirm={() => remove.mutateAsync(interview._id)}
      />
      {editing && (
        <Suspense fallback={null}>
          <EditInterviewDialog interview={interview} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
