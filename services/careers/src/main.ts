import { runServiceProcess } from '@campus/service-kit/service-process';
import { careersService } from './service';

void runServiceProcess(careersService);
