import { runServiceProcess } from '@campus/service-kit/service-process';
import { eventsService } from './service';

void runServiceProcess(eventsService);
