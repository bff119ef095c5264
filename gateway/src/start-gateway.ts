import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { METRICS_CONTENT_TYPE } from '@campus/service-kit/metrics';
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
  /** Where GET /metrics answers, when METRICS_PORT is set. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/** The metrics port's server: GET /metrics and nothing else (404 JSON), never the gateway's routes. */
function listenForMetrics(gateway: ReturnType<typeof createGateway>, port: number, host: string) {
  return new Promise<Server>((resolve, reject) => {
    const server = createServer((req, res) => {
      if (req.method === 'GET' && req.url?.split('?', 1)[0] === '/metrics') {
        gateway.metrics.scrape().then(
          (text) => {
            res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
            res.end(text);
          },
          () => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end('{"success":false,"message":"Metrics could not be read.","code":"INTERNAL"}');
          },
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"success":false,"message":"Only GET /metrics here.","code":"NOT_FOUND"}');
    });
    server.once('error', reject);
    server.listen({ port, host }, () => resolve(server));
  });
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
  let metricsServer: Server | undefined;
  try {
    if (config.METRICS_PORT !== undefined)
      metricsServer = await listenForMetrics(gateway, config.METRICS_PORT, config.HOST);
  } catch (err) {
    server.close();
    gateway.close();
    throw err;
  }
  const metricsPort = (metricsServer?.address() as AddressInfo | undefined)?.port;
  return {
    port,
    url: `http://${host}:${port}`,
    ...(metricsPort === undefined ? {} : { metricsUrl: `http://${host}:${metricsPort}` }),
    async stop() {
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
      gateway.close();
    },
  };
}
