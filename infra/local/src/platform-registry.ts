import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { identityService } from '@campus/identity-service/service';
import { libraryService } from '@campus/library-service/service';
import { profileService } from '@campus/profile-service/service';
import { communityService } from '@campus/community-service/service';
import { careersService } from '@campus/careers-service/service';
import { housingService } from '@campus/housing-service/service';
import { eventsService } from '@campus/events-service/service';

export interface RegisteredService {
  definition: ServiceDefinition;
  /** The service's own process entry, for `npm run start:services`. */
  main: string;
  /** Fixed port in multi-process mode (embedded mode picks free ones). */
  port: number;
}

/** Every service the platform runs, in start order. A new service is one line here. */
export const SERVICES: ReadonlyArray<RegisteredService> = [
  { definition: identityService, main: 'services/identity/src/main.ts', port: 4001 },
  { definition: libraryService, main: 'services/library/src/main.ts', port: 4002 },
  { definition: profileService, main: 'services/profile/src/main.ts', port: 4003 },
  { definition: communityService, main: 'services/community/src/main.ts', port: 4004 },
  { definition: careersService, main: 'services/careers/src/main.ts', port: 4005 },
  { definition: housingService, main: 'services/housing/src/main.ts', port: 4006 },
  { definition: eventsService, main: 'services/events/src/main.ts', port: 4007 },
];
