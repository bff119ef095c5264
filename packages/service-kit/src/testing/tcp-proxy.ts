import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A loopback TCP relay in front of a server (the broker), that a test can cut and restore. */
export interface TcpProxy {
  /** Give clients 127.0.0.1 and this port instead of the real address. */
  port: number;
  /** Every open connection through the relay is dropped and new ones are refused: the target looks unreachable. */
  cut(): void;
  /** New connections go through again (clients reconnect on their own). */
  restore(): void;
  close(): Promise<void>;
}

/**
 * The one TCP proxy of the test kits: a test takes RabbitMQ away from one client, or from a whole
 * platform, and gives it back, without stopping a broker other people on the machine may be using.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      // Either side going away (or failing) takes the other with it, as a broken network would.
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.on('error', () => other.destroy());
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      dropAll();
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
