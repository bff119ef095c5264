// Runs only when this remote is opened on its own (/remotes/housing/); the shell loads ./routes instead.
import '@campus/ui/tokens.css';
import { mountStandaloneRemote } from '@campus/web-kit/standalone-remote';
import HousingRoutes from './routes';

mountStandaloneRemote(HousingRoutes);
