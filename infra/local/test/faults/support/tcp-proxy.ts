import net from 'node:net';

export interface CuttableProxy {
  /** host:port to give the processes instead of the real address. */
  port: number;
  /** Drops every connection through it and refuses new ones: the target looks unreachable. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A loopback TCP relay in front of the broker, so a test can take RabbitMQ away from the services
 * (and give it back) without stopping a broker other people on this machine may be using.
 */
export async function startCuttableProxy(targetHost: string, targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
