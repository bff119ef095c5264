import { runServiceProcess } from '@campus/service-kit/service-process';
import { profileService } from './service';

void runServiceProcess(profileService);
