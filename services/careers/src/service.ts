import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { CareersConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createCareers } from './domain/careers';
import { createCareersRoutes } from './http/careers-routes';

/**
 * Careers: job posts (anyone reads, the signed-in post, only the author deletes) and interview
 * experiences (anyone searches and reads, the signed-in share, optionally anonymously). It consumes
 * nothing (names come from the session); it produces the job events the profile counts and
 * `careers.interview.shared`.
 */
export const careersService = defineService({
  name: 'careers',
  title: 'Careers API',
  configSchema: CareersConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: [],
  produces: ['careers.job.posted', 'careers.job.deleted', 'careers.interview.shared'],
  outbox,
  inbox,
  idempotencyKeys,
  create({ db, transact, now }) {
    const careers = createCareers({ db, transact, now });
    return { routes: createCareersRoutes({ careers }) };
  },
});
