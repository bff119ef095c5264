import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import type { Db, Tx } from './db';
import { recordHandled, type InboxTable } from './inbox';
import { addToOutbox, type OutboxTable } from './outbox';
import { currentRequestId } from './request-context';

/** Records an event in the outbox of the current transaction; it is published only if the change commits. */
export type Emit = <N extends EventName>(name: N, payload: EventPayload<N>) => Promise<void>;

/** Runs a change and the events it causes in one transaction, then wakes the relay. */
export type Transact = <T>(work: (tx: Tx, emit: Emit) => Promise<T>) => Promise<T>;

export function createTransact(options: {
  db: Db;
  outbox: OutboxTable;
  producer: string;
  afterCommit: () => void;
}): Transact {
  return async (work) => {
    let emitted = false;
    const result = await options.db.transaction(async (tx) =>
      work(tx, async (name, payload) => {
        emitted = true;
        await addToOutbox(tx, options.outbox, {
          name,
          payload,
          producer: options.producer,
          traceId: currentRequestId(),
        });
      }),
    );
    if (emitted) options.afterCommit();
    return result;
  };
}

/**
 * A consumer whose handling emits events: the inbox record, the change and the new outbox rows commit
 * together, so a redelivery neither repeats the change nor emits twice. (Nesting `handleOnce` and
 * `transact` would need two connections and would not be atomic.)
 */
export function handleOnceEmitting(
  transact: Transact,
  inbox: InboxTable,
  envelope: EventEnvelope,
  work: (tx: Tx, emit: Emit) => Promise<void>,
): Promise<boolean> {
  return transact(async (tx, emit) => {
    if (!(await recordHandled(tx, inbox, envelope))) return false;
    await work(tx, emit);
    return true;
  });
}
