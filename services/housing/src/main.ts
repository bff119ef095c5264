import { runServiceProcess } from '@campus/service-kit/service-process';
import { housingService } from './service';

void runServiceProcess(housingService);
