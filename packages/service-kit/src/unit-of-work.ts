import type { EventName, EventPayload } from '@campus/contracts/events';
import type { Db, Tx } from './db';
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
