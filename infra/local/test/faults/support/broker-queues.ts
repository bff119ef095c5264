import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { deadLetterQueueName } from '@campus/service-kit/bus/rabbitmq-bus';

const run = promisify(execFile);

/**
 * Messages a consuming service still has to finish in the run's virtual host: ready or delivered
 * and not yet acknowledged, in its queue and its retry queues (its dead-letter queue is done with).
 * Zero, with nothing left to publish, means every delivery has been handled: duplicates included.
 * Throws when the queue is not there at all, so a wrong name cannot pass for an empty queue.
 */
export async function messagesInFlight(vhost: string, queue: string): Promise<number> {
  const { stdout } = await run('rabbitmqctl', [
    'list_queues',
    '-p',
    vhost,
    '--quiet',
    '--no-table-headers',
    'name',
    'messages',
  ]);
  let total = 0;
  let found = false;
  for (const line of stdout.split('\n')) {
    const [name, messages] = line.trim().split(/\s+/);
    if (!name || name === deadLetterQueueName(queue)) continue;
    if (name === queue) found = true;
    if (name === queue || name.startsWith(`${queue}.retry.`)) total += Number(messages);
  }
  if (!found) throw new Error(`no queue '${queue}' in the virtual host '${vhost}'`);
  return total;
}
