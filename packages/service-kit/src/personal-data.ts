import type { EventName, EventPayload } from '@campus/contracts/events';
import { z } from 'zod';
import type { AuthUser } from './auth';
import type { Tx } from './db';
import { defineRoute, type AnyRoute } from './define-route';
import type { EventHandler } from './event-handlers';
import type { Emit } from './unit-of-work';

/** What the account's owner chose for what they wrote when they deleted it (identity.user.deleted). */
export type ContributionsChoice = 'delete' | 'anonymise';

/**
 * What a service holds about one person, for their rights over it (issue 26 §3, India's DPDP Act):
 * a copy of it, and its removal when they delete their account. A service that keeps anything about
 * users returns one from `create()` (`personalData`); the kit does the rest: it serves the export at
 * `GET /api/me/export/<service>` (which the gateway's `GET /api/me/export` gathers into one archive)
 * and runs `forget` on `identity.user.deleted`, in that event's inbox transaction.
 */
export interface PersonalData<P extends EventName = never> {
  /**
   * Everything this service holds about the user, as named JSON documents (`{ 'posts.json': [...] }`),
   * read through the service's own stores: what they wrote, what they chose (likes, votes, bookmarks,
   * follows, preferences), what the service derived about them (counts, statuses). Never another
   * person's private data (who liked their book is a count, not names).
   */
  export(user: AuthUser): Promise<Record<string, unknown>>;
  /**
   * Removes or anonymises everything about `userId`. `delete`: what they wrote goes (a comment with
   * replies stays as '[deleted]'); `anonymise`: it stays, by "Deleted user", with no id or name kept.
   * Likes, votes, bookmarks, follows, preferences, flat requests, job posts, pledges' donors: gone
   * whatever the choice. Emit nothing that names the user: every service forgets them on the same
   * event. Must be idempotent (a redelivery finds nothing left to do).
   */
  forget(
    tx: Tx,
    request: { userId: string; contributions: ContributionsChoice },
    emit: Emit<P>,
  ): Promise<void>;
}

/** The name of each service's export route (`GET /api/me/export/<service>`). */
export const personalDataExportPath = (service: string) => `/api/me/export/${service}`;

export const PersonalDataExport = z
  .object({
    service: z.string(),
    exportedAt: z.string(),
    files: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'PersonalDataExport' });

const camel = (name: string) => name.replace(/-([a-z])/g, (_all, letter: string) => letter.toUpperCase());

/** The export route the kit adds for a service that holds personal data. */
export function personalDataExportRoute(
  service: string,
  data: PersonalData<EventName>,
  now: () => Date,
): AnyRoute {
  return defineRoute({
    method: 'get',
    path: personalDataExportPath(service),
    operationId: `export${camel(service[0]!.toUpperCase() + service.slice(1))}PersonalData`,
    summary: `Everything the ${service} service holds about the signed-in user, as JSON documents (gathered by GET /api/me/export)`,
    access: 'user',
    response: { description: 'The JSON documents, by file name', body: PersonalDataExport },
    handler: async ({ user, res }) => {
      res.set('Cache-Control', 'private, no-store');
      return { service, exportedAt: now().toISOString(), files: await data.export(user) };
    },
  }) as AnyRoute;
}

/** A service's routes as declared: its own, and the kit's export route when it holds personal data. */
export function declaredRoutes(
  service: string,
  module: { routes: ReadonlyArray<AnyRoute>; personalData?: PersonalData<EventName> },
  now: () => Date = () => new Date(),
): AnyRoute[] {
  return [
    ...module.routes,
    ...(module.personalData ? [personalDataExportRoute(service, module.personalData, now)] : []),
  ];
}

/** The kit's handler of identity.user.deleted for a service with personal data: `forget`, then `afterForget`. */
export function forgetUserHandler<P extends EventName>(
  data: PersonalData<P>,
  afterForget: (tx: Tx, userId: string) => Promise<void>,
): EventHandler<'identity.user.deleted', P> {
  return async ({ payload }, { tx, emit }) => {
    const { userId, contributions } = payload as EventPayload<'identity.user.deleted'>;
    await data.forget(tx, { userId, contributions }, emit);
    await afterForget(tx, userId);
  };
}
