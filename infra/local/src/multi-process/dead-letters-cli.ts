import { peekDeadLetters, replayDeadLetters } from '@campus/service-kit/bus/rabbitmq-bus';
import { DEFAULT_AMQP_URL } from './multi-process-platform';

/**
 * Operators' tool for a consumer's dead-letter queue (docs/operations.md):
 *   npx tsx infra/local/src/multi-process/dead-letters-cli.ts peek profile [limit]
 *   npx tsx infra/local/src/multi-process/dead-letters-cli.ts replay profile [limit]
 * AMQP_URL names the broker (default: the local one).
 */
async function main() {
  const [command, queue, limitArg] = process.argv.slice(2);
  const url = process.env.AMQP_URL ?? DEFAULT_AMQP_URL;
  const limit = limitArg ? Number(limitArg) : undefined;
  if (!queue || (command !== 'peek' && command !== 'replay')) {
    console.error('usage: dead-letters-cli.ts peek|replay <queue> [limit]');
    process.exit(2);
  }
  if (command === 'peek') {
    const letters = await peekDeadLetters({ url, queue, limit });
    for (const l of letters)
      console.log(
        JSON.stringify({ failedAt: l.failedAt, attempts: l.attempts, reason: l.reason, body: l.body }),
      );
    console.error(`${letters.length} dead letter(s) in ${queue}.dlq (left in place)`);
  } else {
    const moved = await replayDeadLetters({ url, queue, limit });
    console.error(`${moved} dead letter(s) moved back to ${queue}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
