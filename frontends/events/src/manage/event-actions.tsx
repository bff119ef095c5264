import { lazy, Suspense, useState } from 'react';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { Button } from '@campus/ui/button';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { ReportButton } from '@campus/web-kit/report-button';
import { useDeleteEvent } from '../events-api';
import { eventTitle } from '../events/event-text';
import styles from './event-actions.module.css';

// The form (and zod) load only when an author opens it: the cards stay light (ADR 0032).
const EditEventDialog = lazy(() => import('./edit-event-dialog'));

export interface EventActionsProps {
  event: CampusEvent;
  /** After the author deleted it (the overlay closes). */
  onDeleted?: () => void;
  className?: string;
}

/**
 * What a reader can do with an event besides registering: its author edits it (the event form,
 * prefilled, in a dialog) and deletes it (after a confirmation); everyone else reports it (a guest
 * is sent to log in first). Clicks stay here: the card around it opens the poster on a click.
 */
export function EventActions({ event, onDeleted, className }: EventActionsProps) {
  const { user } = useAuth();
  const toast = useToast();
  const deleteEvent = useDeleteEvent();
  const [editing, setEditing] = useState(false);
  const title = eventTitle(event);
  const own = user !== null && user !== undefined && user._id === event.postedBy;

  const remove = async () => {
    try {
      await deleteEvent.mutateAsync(event._id);
      toast.success(EVENTS_MESSAGES.deleted);
      onDeleted?.();
    } catch (error) {
      console.error('Error deleting the event:', error);
      toast.error(isApiError(error) ? error.message : 'The event could not be deleted. Please try again.');
    }
  };

  return (
    <div
      className={[styles.actions, className].filter(Boolean).join(' ')}
      onClick={(e) => e.stopPropagation()}
    >
      {own ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Edit ${title}`}
            aria-haspopup="dialog"
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <ConfirmDeleteButton
            aria-label={`Delete ${title}`}
            question="Delete this event?"
            consequence={`“${title}” and its poster will be removed for everyone. This cannot be undone.`}
            confirmLabel="Delete event"
            onConfirm={remove}
          />
        </>
      ) : (
        <ReportButton targetType="event" targetId={event._id} label="event" />
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditEventDialog event={event} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
