// Runs only when this remote is opened on its own (development build, /remotes/moderation/index.html#/...); the shell loads ./routes.
import '@campus/ui/tokens.css';
import { mountStandaloneRemote } from '@campus/web-kit/standalone-remote';
import ModerationRoutes from './routes';

mountStandaloneRemote(ModerationRoutes);
