import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInServer {
  url: string;
  close(): Promise<void>;
}

/** A stand-in service on a free loopback port, answering with `handler`. */
export function startStandIn(handler: http.RequestListener): Promise<StandInServer> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

/** The URL of a loopback port nothing listens on (a service that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = await startStandIn(() => undefined);
  await server.close();
  return server.url;
}
