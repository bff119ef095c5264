import { runServiceProcess } from '@campus/service-kit/service-process';
import { identityService } from './service';

void runServiceProcess(identityService);
