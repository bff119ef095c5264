import { runServiceProcess } from '@campus/service-kit/service-process';
import { communityService } from './service';

void runServiceProcess(communityService);
