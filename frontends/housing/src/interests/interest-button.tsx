import { useState } from 'react';
import type { FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES, INTEREST_MESSAGE_MAX } from '@campus/contracts/housing-rules';
import { Button } from '@campus/ui/button';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { Field } from '@campus/ui/field';
import { TextArea } from '@campus/ui/text-area';
import { failureMessage, useShowInterest } from '../housing-api';
import styles from './interests.module.css';

/**
 * "I'm interested" on a request whose owner shares the contact on request: a short message to the
 * owner (the contracts' limit), checked here as the service checks it. A refusal (sent before,
 * filled meanwhile) is said in the dialog, which keeps what was typed.
 */
export function InterestButton({ flat }: { flat: FlatRequest }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useShowInterest();

  const submit = () => {
    const text = message.trim();
    if (!text) {
      setError(FLAT_MESSAGES.interestMessageRequired);
      return;
    }
    setError(null);
    setFailure(null);
    send.mutate(
      { flat, message: text },
      {
        onSuccess: () => {
          setOpen(false);
          setMessage('');
        },
        onError: (e) => {
          console.error('Interest failed', e);
          setFailure(failureMessage(e));
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="primary"
        size="sm"
        aria-haspopup="dialog"
        aria-label={`I'm interested in ${flat.name}`}
        onClick={() => setOpen(true)}
      >
        I&apos;m interested
      </Button>
      <ConfirmDialog
        open={open}
        title={`I'm interested in “${flat.name}”`}
        confirmLabel="Send request"
        tone="primary"
        busy={send.isPending}
        busyLabel="Sending..."
        onConfirm={submit}
        onCancel={() => setOpen(false)}
      >
        <p className={styles.note}>
          The owner sees your name and this message. If they accept, you see their contact here.
        </p>
        <Field
          label="Message to the owner"
          required
          error={error ?? undefined}
          limit={{ max: INTEREST_MESSAGE_MAX, length: message.length }}
        >
          <TextArea
            rows={4}
            value={message}
            placeholder="e.g. I'm a second-year student, vegetarian, looking from July."
            onChange={(event) => setMessage(event.target.value)}
          />
        </Field>
        {failure && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
