import type { CampusEvent } from '@campus/contracts/events-domain';
import { Modal } from '@campus/ui/modal';
import EventForm from '../create/event-form';

export interface EditEventDialogProps {
  event: CampusEvent;
  onClose: () => void;
}

/**
 * "Edit Event": the event form prefilled with the author's event. It closes once the server saved
 * the edit; on a refusal it stays open with everything typed, the server's message by its field.
 */
export default function EditEventDialog({ event, onClose }: EditEventDialogProps) {
  return (
    <Modal open onClose={onClose} title="Edit Event" size="md">
      <EventForm editing={event} onSaved={onClose} />
    </Modal>
  );
}
