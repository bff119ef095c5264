import { runServiceProcess } from '@campus/service-kit/service-process';
import { notificationsService } from './service';

void runServiceProcess(notificationsService);
