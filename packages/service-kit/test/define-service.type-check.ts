/**
 * What the compiler refuses in a service declaration (`npm run typecheck` checks this file; each
 * `@ts-expect-error` fails the typecheck if the line below it ever compiles). The run-time twins
 * of these checks are in consumer-pipeline.test.ts.
 */
import { defineEventHandlers, defineEventListeners } from '../src/event-handlers';
import { defineService } from '../src/service-runtime';
import type { Transact } from '../src/unit-of-work';
import { relayService } from './fixtures/relay-service/relay-service';

const base = {
  name: relayService.name,
  title: relayService.title,
  configSchema: relayService.configSchema,
  migrationsFolder: relayService.migrationsFolder,
  outbox: relayService.outbox,
  inbox: relayService.inbox,
};

export const handlesAnEventItDoesNotConsume = defineService({
  ...base,
  consumes: ['identity.user.registered'],
  produces: [],
  create: () => ({
    routes: [],
    // @ts-expect-error careers.job.posted is not in consumes
    eventHandlers: defineEventHandlers({
      'identity.user.registered': async () => undefined,
      'careers.job.posted': async () => undefined,
    }),
  }),
});

export const emitsAnEventItDoesNotProduce = defineService({
  ...base,
  consumes: [],
  produces: ['profile.completed'],
  create: ({ transact }) => {
    const register = () =>
      transact(async (_tx, emit) => {
        // @ts-expect-error library.book.submitted is not in produces
        await emit('library.book.submitted', { bookId: 'b', uploadedBy: 'u', subject: 's', title: 't' });
      });
    void register;
    return { routes: [] };
  },
});

/** A domain function names what it emits; the service's transact fits only if produces covers it. */
declare function createBooks(deps: { transact: Transact<'library.book.submitted'> }): unknown;
export const domainEmitsMoreThanTheServiceProduces = defineService({
  ...base,
  consumes: [],
  produces: ['profile.completed'],
  create: ({ transact }) => {
    // @ts-expect-error the domain emits library.book.submitted, which the service does not produce
    createBooks({ transact });
    return { routes: [] };
  },
});

export const handlerEmitsWhatTheServiceDoesNotProduce = defineService({
  ...base,
  consumes: ['identity.user.registered'],
  produces: [],
  create: () => ({
    routes: [],
    // @ts-expect-error the handlers may emit profile.completed; the service produces nothing
    eventHandlers: defineEventHandlers(
      {
        'identity.user.registered': async (_event, { emit }) =>
          emit('profile.completed', { userId: 'u', isTeacher: false }),
      },
      { emits: ['profile.completed'] },
    ),
  }),
});

export const handlerEmitsWithoutSayingSo = defineEventHandlers({
  'identity.user.registered': async (_event, { emit }) => {
    // @ts-expect-error emit takes only the names given in { emits }
    await emit('profile.completed', { userId: 'u', isTeacher: false });
  },
});

export const listensWithoutDeclaringIt = defineService({
  ...base,
  consumes: [],
  produces: [],
  listens: ['housing.flat.requested'],
  create: () => ({
    routes: [],
    // @ts-expect-error housing.flat.deleted is not in listens
    eventListeners: defineEventListeners({
      'housing.flat.requested': () => undefined,
      'housing.flat.deleted': () => undefined,
    }),
  }),
});

export const listenerReadsAnotherEventsPayload = defineEventListeners({
  // @ts-expect-error housing.flat.requested carries no postId
  'housing.flat.requested': ({ payload }) => void payload.postId,
});
