/**
 * One frontend's container (infra/docker/web.Dockerfile): the shell or one remote, behind the
 * gateway. Configuration: WEB_DIR, BASE_PATH, SPA, PORT, HOST (docs/operations.md).
 */
import { createStaticServer, StaticServerConfigError, staticServerConfig } from './static-server';

let config: ReturnType<typeof staticServerConfig>;
try {
  config = staticServerConfig(process.env);
} catch (error) {
  if (!(error instanceof StaticServerConfigError)) throw error;
  console.error(`static-web: invalid configuration: ${error.message}`);
  process.exit(1);
}
const server = createStaticServer(config).listen(config.port, config.host, () => {
  console.log(`static-web: ${config.dir} at ${config.basePath} on ${config.host}:${config.port}`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
