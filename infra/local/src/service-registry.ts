import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { identityService } from '@campus/identity-service/service';

/** Every service the platform runs, in start order. A new service is one line here. */
export const SERVICES: ReadonlyArray<ServiceDefinition> = [identityService];
