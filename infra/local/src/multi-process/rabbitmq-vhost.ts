import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A RabbitMQ virtual host of its own for one test run: its exchange and queues cannot meet those
 * of another run (or of a platform someone is running) on the same broker. Needs `rabbitmqctl`
 * on this machine, i.e. a local broker.
 */
export async function createIsolatedVhost(
  amqpUrl: string,
  name: string,
): Promise<{ url: string; remove(): Promise<void> }> {
  const base = new URL(amqpUrl);
  const user = decodeURIComponent(base.username || 'guest');
  await run('rabbitmqctl', ['add_vhost', name]);
  await run('rabbitmqctl', ['set_permissions', '-p', name, user, '.*', '.*', '.*']);
  base.pathname = `/${encodeURIComponent(name)}`;
  return {
    url: base.toString(),
    remove: async () => {
      await run('rabbitmqctl', ['delete_vhost', name]);
    },
  };
}
