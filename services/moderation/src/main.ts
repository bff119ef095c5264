import { runServiceProcess } from '@campus/service-kit/service-process';
import { moderationService } from './service';

void runServiceProcess(moderationService);
