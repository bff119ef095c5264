import type { EventPayload } from '@campus/contracts/events';
import { canonicalBookSubject } from '@campus/contracts/library-rules';
import type { DbExecutor } from '@campus/service-kit/db';
import type { Emit } from '@campus/service-kit/unit-of-work';
import { createRecipientStore } from '../data/recipient-store';
import { createDelivery, type DeliveryEvents } from './notification-delivery';
import { draftsFor, type FeedingEvent } from './notification-kinds';

/**
 * What the events this service consumes do: who is who (identity), which teacher reviews what
 * (profile), and every event a kind is fed by becomes notifications. The kit runs each once per
 * event id, in the transaction `tx` that records it in the inbox. Payloads are never logged.
 */
export function createEventIntake(deps: { emailAvailable: boolean; now: () => Date }) {
  const recipients = createRecipientStore();
  const delivery = createDelivery(deps);

  return {
    /** identity.user.registered: the member's name and role, and where their email goes. */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await recipients.setMember(tx, {
        userId: member.userId,
        name: member.name,
        isTeacher: member.isTeacher,
      });
      await recipients.setAddress(tx, member.userId, member.email);
    },

    /**
     * profile.teacher.updated: the subjects a teacher reviews, in the book spelling, exactly as the
     * library service matches them (`canonicalBookSubject`; a label naming no book subject matches
     * no book). An update older than the stored one is ignored (events may arrive out of order).
     * Only teachers are announced, so a teacher identity never told us about is known as one.
     */
    async teacherUpdated(
      tx: DbExecutor,
      teacher: EventPayload<'profile.teacher.updated'>,
      occurredAt: Date,
    ): Promise<void> {
      await recipients.addMemberIfUnknown(tx, {
        userId: teacher.userId,
        name: teacher.name,
        isTeacher: true,
      });
      const subjects = [
        ...new Set(teacher.subjects.map(canonicalBookSubject).filter((s) => s !== undefined)),
      ];
      await recipients.replaceTeacherSubjects(tx, teacher.userId, subjects, occurredAt);
    },

    /** An event some kind is fed by: its drafts, each delivered as its person chose. */
    async caused<N extends FeedingEvent>(
      tx: DbExecutor,
      emit: Emit<DeliveryEvents>,
      event: N,
      payload: EventPayload<N>,
    ): Promise<void> {
      for (const draft of await draftsFor(event, payload, delivery.lookup(tx)))
        await delivery.deliver(tx, emit, draft);
    },
  };
}

export type EventIntake = ReturnType<typeof createEventIntake>;
