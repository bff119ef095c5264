import { runServiceProcess } from '@campus/service-kit/service-process';
import { exampleService } from './service';

void runServiceProcess(exampleService);
