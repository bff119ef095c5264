import { useState } from 'react';
import type { FlatInterest, FlatRequest } from '@campus/contracts/housing';
import { Badge } from '@campus/ui/badge';
import { Button } from '@campus/ui/button';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { Modal } from '@campus/ui/modal';
import { Spinner } from '@campus/ui/spinner';
import { relativeTime } from '@campus/web-kit/relative-time';
import { failureMessage, useDecideInterest, useFlatInterests } from '../housing-api';
import styles from './interests.module.css';

export interface FlatInterestsDialogProps {
  /** The owner's own request. */
  flat: FlatRequest;
  onClose: () => void;
}

const STATUS_TEXT = { pending: 'New', accepted: 'Accepted', declined: 'Declined' } as const;
const STATUS_TONE = { pending: 'info', accepted: 'success', declined: 'neutral' } as const;

type Decision = { interest: FlatInterest; status: 'accepted' | 'declined' };

/**
 * The requests for one of the owner's rooms: each student's name, message and date, oldest first,
 * with Accept (that student alone then sees the contact) and Decline, each asked first. The owner
 * may change an answer: an accepted student can be declined (the contact is theirs no more).
 * Loaded only when the owner opens it.
 */
export default function FlatInterestsDialog({ flat, onClose }: FlatInterestsDialogProps) {
  const interests = useFlatInterests(flat._id);
  const decide = useDecideInterest(flat._id);
  const [asking, setAsking] = useState<Decision | null>(null);

  const confirm = () => {
    if (!asking) return;
    decide.mutate(asking, { onSettled: () => setAsking(null) });
  };

  return (
    <Modal open onClose={onClose} title={`Requests for “${flat.name}”`} size="lg">
      {interests.isPending ? (
        <p className={styles.loading} role="status">
          <Spinner size="sm" /> Loading requests...
        </p>
      ) : interests.isError ? (
        <p role="alert" className={styles.failure}>
          Error: {failureMessage(interests.error)}
        </p>
      ) : interests.data.length === 0 ? (
        <p className={styles.note}>
          No requests yet. Students who tap I&apos;m interested on this room show up here.
        </p>
      ) : (
        <ul className={styles.requests} aria-label="Requests">
          {interests.data.map((interest) => {
            const who = interest.userName ?? 'A student';
            return (
              <li key={interest._id} className={styles.request} data-interest-id={interest._id}>
                <div className={styles.requestHead}>
                  <strong dir="auto">{who}</strong>
                  <Badge tone={STATUS_TONE[interest.status]}>{STATUS_TEXT[interest.status]}</Badge>
                </div>
                <time className={styles.when} dateTime={interest.createdAt}>
                  {relativeTime(interest.createdAt)}
                </time>
                <p className={styles.message} dir="auto">
                  {interest.message}
                </p>
                <div className={styles.requestActions}>
                  {interest.status !== 'accepted' && (
                    <Button
                      size="sm"
                      aria-label={`Accept ${who}`}
                      onClick={() => setAsking({ interest, status: 'accepted' })}
                    >
                      Accept
                    </Button>
                  )}
                  {interest.status !== 'declined' && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Decline ${who}`}
                      onClick={() => setAsking({ interest, status: 'declined' })}
                    >
                      Decline
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking
            ? `${asking.status === 'accepted' ? 'Accept' : 'Decline'} ${asking.interest.userName ?? 'this student'}?`
            : ''
        }
        confirmLabel={asking?.status === 'accepted' ? 'Accept and share contact' : 'Decline'}
        tone={asking?.status === 'accepted' ? 'primary' : 'danger'}
        busy={decide.isPending}
        busyLabel={asking?.status === 'accepted' ? 'Accepting...' : 'Declining...'}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p>
          {flat.contactVisibility === 'signed-in'
            ? // The room shows the contact to every signed-in student (the owner's choice): an answer
              // tells the student, and shares or hides nothing.
              `${asking?.interest.userName ?? 'This student'} is told. Your contact stays on this room's card for every signed-in student, as you chose; change that in Edit.`
            : asking?.status === 'accepted'
              ? `${asking.interest.userName ?? 'This student'} will see your contact (${flat.contactInfo ?? 'your contact info'}) on this room's card. Nobody else will.`
              : asking?.interest.status === 'accepted'
                ? `${asking.interest.userName ?? 'This student'} will no longer see your contact. They are told.`
                : `${asking?.interest.userName ?? 'This student'} is told, and will not see your contact.`}
        </p>
      </ConfirmDialog>
    </Modal>
  );
}
