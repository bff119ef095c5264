import { useState } from 'react';
import {
  CONTENT_TARGET_LABELS,
  MODERATION_MESSAGES,
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
  type ModerationAction,
} from '@campus/contracts/moderation-rules';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { Field } from '@campus/ui/field';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import type { ModeratedItem } from '@campus/contracts/moderation';
import { useModerationAction } from './moderation-api';
import styles from './action-dialog.module.css';

interface ActionWords {
  title(label: string): string;
  consequence: string;
  confirm: string;
  busy: string;
  tone: 'danger' | 'primary';
  hint: string;
}

/** What each action's dialog asks and says would happen. */
export const ACTION_WORDS: Record<ModerationAction, ActionWords> = {
  hide: {
    title: (label) => `Hide this ${label}?`,
    consequence: 'It leaves every public list and page until a teacher restores it. Its author is told why.',
    confirm: 'Hide',
    busy: 'Hiding...',
    tone: 'primary',
    hint: 'Its author reads this.',
  },
  restore: {
    title: (label) => `Restore this ${label}?`,
    consequence: 'Everyone can see it again. Its author is told.',
    confirm: 'Restore',
    busy: 'Restoring...',
    tone: 'primary',
    hint: 'Its author reads this.',
  },
  delete: {
    title: (label) => `Delete this ${label}?`,
    consequence:
      'It is removed for everyone, as if its author had deleted it. This cannot be undone. Its author is told why.',
    confirm: 'Delete',
    busy: 'Deleting...',
    tone: 'danger',
    hint: 'Its author reads this.',
  },
  dismiss: {
    title: (label) => `Dismiss the reports on this ${label}?`,
    consequence: 'Its open reports are closed. If the reports hid it, everyone can see it again.',
    confirm: 'Dismiss reports',
    busy: 'Dismissing...',
    tone: 'primary',
    hint: 'Recorded in the moderation log.',
  },
  reveal: {
    title: (label) => `Reveal who wrote this ${label}?`,
    consequence:
      'Only you see the name. The reveal and your reason are recorded in the log that every teacher reads.',
    confirm: 'Reveal author',
    busy: 'Revealing...',
    tone: 'primary',
    hint: 'Recorded in the moderation log.',
  },
};

/** Hide, said of an item the reports hid until a teacher looks: the teacher confirms it. */
const KEEP_HIDDEN: ActionWords = {
  ...ACTION_WORDS.hide,
  title: (label) => `Keep this ${label} hidden?`,
  consequence:
    'It stays out of every public list and page until a teacher restores it. Its author is told why.',
  confirm: 'Keep hidden',
};

/** The reason's problem, or undefined when it may be sent. */
export function reasonProblem(reason: string): string | undefined {
  const length = reason.trim().length;
  if (length < MODERATION_REASON_MIN) return MODERATION_MESSAGES.actionReason;
  if (length > MODERATION_REASON_MAX) return MODERATION_MESSAGES.actionReasonTooLong;
  return undefined;
}

/**
 * One action on one item: a reason is required (MODERATION_REASON_MIN..MAX), then the action is sent.
 * The server's message shows as a toast and the queue loads again; a refusal shows in the dialog,
 * with the reason still typed in it.
 */
export function ActionDialog({
  item,
  action,
  onClose,
  onRevealed,
  onDone,
}: {
  item: ModeratedItem;
  /** The action asked for; null while the dialog is closed. */
  action: ModerationAction | null;
  onClose(): void;
  onRevealed(name: string): void;
  /** The action was done (before the queue shows its outcome). */
  onDone(): void;
}) {
  const toast = useToast();
  const mutation = useModerationAction();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // The last action shown, so the words stay while the dialog closes.
  const [shown, setShown] = useState<ModerationAction>(action ?? 'hide');
  if (action && action !== shown) setShown(action);
  const words =
    (action ?? shown) === 'hide' && item.state === 'hidden' ? KEEP_HIDDEN : ACTION_WORDS[action ?? shown];
  const problem = reasonProblem(reason);
  const serverReasonProblem =
    mutation.error && isApiError(mutation.error)
      ? mutation.error.issues.find((issue) => issue.path === 'reason' || issue.path.endsWith('.reason'))
          ?.message
      : undefined;

  const close = () => {
    setReason('');
    setTried(false);
    mutation.reset();
    onClose();
  };

  const confirm = () => {
    setTried(true);
    if (problem || !action) return;
    mutation.mutate(
      { targetType: item.targetType, targetId: item.targetId, action, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          if (action === 'reveal' && answer.data.author) onRevealed(answer.data.author.name);
          toast.success(answer.message);
          onDone();
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={action !== null}
      title={words.title(CONTENT_TARGET_LABELS[item.targetType])}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      busy={mutation.isPending}
      tone={words.tone}
      onConfirm={confirm}
      onCancel={close}
    >
      <p className={styles.subject} dir="auto">
        “{item.title}”
      </p>
      <p className={styles.consequence}>{words.consequence}</p>
      <Field
        label="Reason"
        required
        hint={`${words.hint} At least ${MODERATION_REASON_MIN} characters.`}
        error={(tried ? problem : undefined) ?? serverReasonProblem}
        limit={{ max: MODERATION_REASON_MAX, length: reason.length }}
      >
        <TextArea value={reason} rows={3} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {mutation.error && !serverReasonProblem && (
        <p role="alert" className={styles.failure}>
          {mutation.error.message}
        </p>
      )}
    </ConfirmDialog>
  );
}
