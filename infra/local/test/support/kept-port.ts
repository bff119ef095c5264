import net from 'node:net';
import fs from 'node:fs';

/** The kernel's ephemeral range: where listen(0) and every outgoing connection get their port. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return [Number(low), Number(high)];
  } catch {
    return [32768, 60999];
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port for a platform that a test restarts on the same port. A port from listen(0) is in the
 * ephemeral range, so while the old process is gone and the new one starts, any outgoing connection
 * of a suite running beside it (PostgreSQL, RabbitMQ, a fetch) may be handed that port, and the new
 * gateway's listen fails with EADDRINUSE. A port below the range is never handed out by the kernel.
 */
export async function portKeptAcrossRestarts(): Promise<number> {
  const [low] = ephemeralRange();
  const floor = 20_000;
  const ceiling = Math.max(floor + 1_000, low);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = floor + Math.floor(Math.random() * (ceiling - floor));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${floor} and ${ceiling}`);
}
