import { runServiceProcess } from '@campus/service-kit/service-process';
import { libraryService } from './service';

void runServiceProcess(libraryService);
