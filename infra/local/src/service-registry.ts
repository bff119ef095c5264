import { operationUrl } from '@campus/contracts/api-operation';
import { JOB_PAGE_SIZE } from '@campus/contracts/careers-rules';
import { EVENTS_PAGE_SIZE } from '@campus/contracts/events-domain-rules';
import { careersApi } from '@campus/contracts/generated/careers-api';
import { eventsApi } from '@campus/contracts/generated/events-api';
import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { identityService } from '@campus/identity-service/service';
import { libraryService } from '@campus/library-service/service';
import { profileService } from '@campus/profile-service/service';
import { communityService } from '@campus/community-service/service';
import { careersService } from '@campus/careers-service/service';
import { housingService } from '@campus/housing-service/service';
import { eventsService } from '@campus/events-service/service';
import { notificationsService } from '@campus/notifications-service/service';
import { moderationService } from '@campus/moderation-service/service';

/**
 * The platform registry: the one place a service or a remote is named. Everything else that lists
 * them is generated from here and from the routes each service declares (`npm run generate`: the
 * gateway's route table, docker-compose.yml, the broker's definitions, shell/public/remotes.json, the
 * browser's typed API client), or reads this list at run time (the runners, the seeds, the docs).
 * Adding a service is one entry in SERVICES plus the service; adding a remote, one entry in REMOTES.
 */
export interface RegisteredService {
  /**
   * Any service's definition, whatever its configuration: a service that produces no events yet
   * (a new domain's `produces: []`) has an `emit` of no names, which no wider `emit` can stand in
   * for, so its `create` fits the list only when the list does not also fix the configuration type.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: ServiceDefinition<any>;
  /** The service's own process entry, for `npm run start:services`. */
  main: string;
  /** Fixed port in multi-process mode (embedded mode picks free ones). */
  port: number;
  /**
   * What this service's container needs besides what every service gets (PORT, AMQP_URL,
   * JWT_PUBLIC_KEY, its DATABASE_URL): compose's environment lines, values as compose interpolates them.
   */
  composeEnvironment?: Record<string, string>;
}

export interface RegisteredRemote {
  /** Its folder under frontends/, its federation name, its container `web-<name>`. */
  name: string;
  /** The path prefixes the shell sends to it (`/library` also serves `/library/...`). */
  paths: string[];
  /**
   * The API reads a screen makes first, by the screen's exact path: the first HTML preloads them.
   * Only reads whose answer is the same for every visitor (web-kit's remotes-registry.ts says why),
   * written with operationUrl and the values the screen requests, so both are the same URL.
   */
  preload?: Record<string, string[]>;
}

/** Every service the platform runs, in start order. */
export const SERVICES: ReadonlyArray<RegisteredService> = [
  {
    definition: identityService,
    main: 'services/identity/src/main.ts',
    port: 4001,
    composeEnvironment: {
      JWT_PRIVATE_KEY: '${JWT_PRIVATE_KEY:?set JWT_PRIVATE_KEY in .env (PEM)}',
      TEACHER_CODE: '${TEACHER_CODE:?set TEACHER_CODE in .env}',
      COOKIE_SECURE: '${COOKIE_SECURE:-true}',
    },
  },
  { definition: libraryService, main: 'services/library/src/main.ts', port: 4002 },
  { definition: profileService, main: 'services/profile/src/main.ts', port: 4003 },
  { definition: communityService, main: 'services/community/src/main.ts', port: 4004 },
  { definition: careersService, main: 'services/careers/src/main.ts', port: 4005 },
  { definition: housingService, main: 'services/housing/src/main.ts', port: 4006 },
  {
    definition: eventsService,
    main: 'services/events/src/main.ts',
    port: 4007,
    // Calendar entries (.ics) link to the event on it and name its host in their UIDs.
    composeEnvironment: {
      PUBLIC_ORIGIN: '${PUBLIC_ORIGIN:?set PUBLIC_ORIGIN in .env (the https:// address users open)}',
    },
  },
  {
    definition: notificationsService,
    main: 'services/notifications/src/main.ts',
    port: 4008,
    composeEnvironment: {
      // Email is off while SMTP_URL is empty; with it, UNSUBSCRIBE_SECRET is required (the service says so).
      SMTP_URL: '${SMTP_URL:-}',
      MAIL_FROM: '${MAIL_FROM:-}',
      UNSUBSCRIBE_SECRET: '${UNSUBSCRIBE_SECRET:-}',
      PUBLIC_ORIGIN: '${PUBLIC_ORIGIN:?set PUBLIC_ORIGIN in .env (the https:// address users open)}',
    },
  },
  { definition: moderationService, main: 'services/moderation/src/main.ts', port: 4009 },
];

/** Every remote the shell loads, in the order the shell's menus show them. */
export const REMOTES: ReadonlyArray<RegisteredRemote> = [
  { name: 'library', paths: ['/library', '/bookstatus'] },
  { name: 'community', paths: ['/community', '/post', '/fundrasing', '/campaign'] },
  {
    name: 'careers',
    paths: ['/jobs', '/interviews', '/companies'],
    preload: {
      '/jobs': [operationUrl(careersApi.listJobPosts, { query: { page: 1, limit: JOB_PAGE_SIZE } })],
    },
  },
  { name: 'housing', paths: ['/roomfinder'] },
  {
    name: 'events',
    paths: ['/events'],
    preload: {
      '/events': [operationUrl(eventsApi.listEvents, { query: { page: 1, limit: EVENTS_PAGE_SIZE } })],
    },
  },
  { name: 'profile', paths: ['/profile', '/commondataform'] },
  { name: 'notifications', paths: ['/notifications'] },
  { name: 'moderation', paths: ['/moderation'] },
];
