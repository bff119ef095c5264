import type { EventName, EventPayload } from '@campus/contracts/events';
import type { Db, Tx } from './db';
import { addToOutbox, type OutboxTable } from './outbox';
import { currentRequestId } from './request-context';
import { currentTraceparent } from './tracing';

/**
 * Records an event in the outbox of the current transaction; it is published only if the change
 * commits. `P` is what the caller may emit: a service passes its declared `produces`, so emitting
 * any other name does not compile (and is refused at run time too).
 */
export type Emit<P extends EventName = EventName> = (
  ...event: { [N in P]: [name: N, payload: EventPayload<N>] }[P]
) => Promise<void>;

/**
 * Runs a change and the events it causes in one transaction, then wakes the relay. Domain code
 * names the events it emits (`Transact<'library.book.submitted' | 'library.book.reviewed'>`); the
 * service's transact fits only if its `produces` covers them.
 */
export type Transact<P extends EventName = EventName> = <T>(
  work: (tx: Tx, emit: Emit<P>) => Promise<T>,
) => Promise<T>;

/** Thrown by `emit` for an event the service does not declare in `produces`: a bug, never retried away. */
export class UndeclaredEventError extends Error {
  constructor(producer: string, name: string) {
    super(`${producer} emits '${name}' but does not declare it in its service definition's produces`);
    this.name = 'UndeclaredEventError';
  }
}

export function createTransact<P extends EventName = EventName>(options: {
  db: Db;
  outbox: OutboxTable;
  producer: string;
  /** The events the service declares; emitting another one throws (and rolls the change back). */
  produces?: readonly P[];
  afterCommit: () => void;
}): Transact<P> {
  const declared = options.produces && new Set<string>(options.produces);
  return async (work) => {
    let emitted = false;
    const result = await options.db.transaction(async (tx) => {
      const emit = (async (name: EventName, payload: unknown) => {
        if (declared && !declared.has(name)) throw new UndeclaredEventError(options.producer, name);
        emitted = true;
        await addToOutbox(tx, options.outbox, {
          name,
          payload: payload as EventPayload<EventName>,
          producer: options.producer,
          traceId: currentRequestId(),
          traceparent: currentTraceparent(),
        });
      }) as Emit<P>;
      return work(tx, emit);
    });
    if (emitted) options.afterCommit();
    return result;
  };
}
