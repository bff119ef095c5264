import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config';
import { createGateway } from './gateway';
import { answerClientError } from './json-error';

/**
 * Connections the system may hold completed but not yet accepted (capped by net.core.somaxconn).
 * Node's 511 turns a burst of new visitors into SYN retries a second or more apart.
 */
const LISTEN_BACKLOG = 4096;

export interface RunningGateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startGateway(config: GatewayConfig, logger: Logger): Promise<RunningGateway> {
  const gateway = createGateway(config, logger);
  const server: Server = await new Promise((resolve, reject) => {
    const s = gateway.app.listen(
      { port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG },
      (err?: Error) => (err ? reject(err) : resolve(s)),
    );
  });
  // A request Node cannot parse (an over-long URL, a malformed line) is a JSON error, not an empty body.
  server.on('clientError', answerClientError);
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  return {
    port,
    url: `http://${host}:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
      gateway.close();
    },
  };
}
