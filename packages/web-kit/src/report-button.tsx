import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { moderationApi } from '@campus/contracts/generated/moderation-api';
import {
  CONTENT_TARGET_LABELS,
  MODERATION_MESSAGES,
  REPORT_NOTE_MAX,
  reportReasonLabel,
  reportReasonsFor,
  type AnyReportReason,
  type ContentTargetType,
} from '@campus/contracts/moderation-rules';
import { Button } from '@campus/ui/button';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { Field, FieldError } from '@campus/ui/field';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { isApiError, isUnansweredFailure } from '@campus/web-kit/api-error';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { useLoginHref } from '@campus/web-kit/login-return-path';
import styles from './report-button.module.css';

/** What the dialog says when the report got no answer it can show (offline, a server down). */
export const REPORT_NOT_SENT = 'Your report was not sent. Check your connection and try again.';

export interface ReportButtonProps {
  targetType: ContentTargetType;
  targetId: string;
  /** What the item is called in "Report this <label>"; CONTENT_TARGET_LABELS[targetType] by default. */
  label?: string;
  className?: string;
}

/**
 * "Report" on an item someone else wrote: a dialog with the reasons and an optional note, sent to the
 * moderators' queue. A guest goes to log in and comes back here. Once sent (or already sent before,
 * a 409), the button says "Reported" for as long as the screen shows it. Light on purpose: it is on
 * every card, so no zod here (moderation-rules has none; ADR 0032).
 */
export function ReportButton({ targetType, targetId, label, className }: ReportButtonProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const loginHref = useLoginHref();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const name = label ?? CONTENT_TARGET_LABELS[targetType];

  if (reported) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className={[styles.button, className].filter(Boolean).join(' ')}
        aria-disabled="true"
        aria-label={`Reported this ${name}`}
      >
        Reported
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={[styles.button, className].filter(Boolean).join(' ')}
        aria-label={`Report this ${name}`}
        aria-haspopup={user ? 'dialog' : undefined}
        onClick={() => (user ? setOpen(true) : void navigate(loginHref))}
      >
        Report
      </Button>
      {open && (
        <ReportDialog
          targetType={targetType}
          targetId={targetId}
          name={name}
          onClose={() => setOpen(false)}
          onReported={() => {
            setOpen(false);
            setReported(true);
          }}
        />
      )}
    </>
  );
}

interface ReportDialogProps {
  targetType: ContentTargetType;
  targetId: string;
  name: string;
  onClose: () => void;
  onReported: () => void;
}

/** Mounted while open: what the reporter chose lives here, kept through a failed send for the retry. */
function ReportDialog({ targetType, targetId, name, onClose, onReported }: ReportDialogProps) {
  const api = useApiClient();
  const toast = useToast();
  const reasonsId = useId();
  // The general reasons, and the kind's own (a job post can be expired) before "Something else".
  const reasons = reportReasonsFor(targetType);
  const [reason, setReason] = useState<AnyReportReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!reason) {
      setReasonMissing(true);
      document.getElementById(`${reasonsId}-${reasons[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const trimmed = note.trim();
    try {
      const answer = await api.call(moderationApi.createReport, {
        body: { targetType, targetId, reason, ...(trimmed ? { note: trimmed } : {}) },
      });
      toast.success(answer.message || MODERATION_MESSAGES.reported);
      onReported();
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 409) {
        toast.info(MODERATION_MESSAGES.alreadyReported);
        onReported();
      } else if (isApiError(error) && !isUnansweredFailure(error)) {
        // 404 (gone), 422 (one's own item), 400: the server's own sentence, in the dialog.
        setFailure(error.message);
      } else {
        setFailure(REPORT_NOT_SENT);
      }
    }
  }

  return (
    <ConfirmDialog
      open
      title={`Report this ${name}`}
      confirmLabel="Send"
      tone="primary"
      busy={busy}
      busyLabel="Sending..."
      onConfirm={() => void send()}
      onCancel={onClose}
    >
      <fieldset
        className={styles.reasons}
        aria-describedby={reasonMissing && !reason ? `${reasonsId}-error` : undefined}
      >
        <legend className={styles.legend}>Why are you reporting it?</legend>
        {reasons.map((value) => (
          <label key={value} className={styles.reason}>
            <input
              type="radio"
              name={reasonsId}
              id={`${reasonsId}-${value}`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className={styles.radio}
            />
            {reportReasonLabel(value)}
          </label>
        ))}
        {reasonMissing && !reason && (
          <FieldError id={`${reasonsId}-error`}>{MODERATION_MESSAGES.reason}</FieldError>
        )}
      </fieldset>
      <Field
        label="Anything the teachers should know? (optional)"
        limit={{ max: REPORT_NOTE_MAX, length: note.length }}
      >
        <TextArea value={note} rows={3} onChange={(event) => setNote(event.target.value)} />
      </Field>
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
    </ConfirmDialog>
  );
}
