import http from 'node:http';
import { createRabbitMqBus } from '@campus/service-kit/bus/rabbitmq-bus';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { openDatabase } from '@campus/service-kit/db';
import { handleOnce, inboxTable } from '@campus/service-kit/inbox';
import { createLogger } from '@campus/service-kit/logger';
import { sql } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';

/** One consuming service per queue, so each queue has its own inbox: the schema is named after it. */
export const probeSchemaName = (queue: string) => `probe_${queue.replace(/[^a-z0-9]/g, '_')}`;

/**
 * A consuming service for fault tests, run as its own process like a real one: it takes
 * `identity.user.registered` from queue QUEUE and records each user once (inbox), noting every
 * delivery it sees. CRASH_MARK: the first delivery of a user whose email contains it kills the
 * process after the work committed and before the ack. POISON_MARK: such a user always fails.
 */
async function main() {
  const env = process.env;
  const replica = env.REPLICA ?? 'a';
  const queue = env.QUEUE ?? 'probe';
  const schemaName = probeSchemaName(queue);
  const logger = createLogger(`probe-${replica}`, env.LOG_LEVEL ?? 'warn');
  const schema = pgSchema(schemaName);
  const inbox = inboxTable(schema);
  const handled = schema.table('handled', {
    eventId: text('event_id').notNull(),
    email: text('email').notNull(),
    replica: text('replica').notNull(),
  });
  const deliveries = schema.table('deliveries', {
    eventId: text('event_id').notNull(),
    replica: text('replica').notNull(),
  });

  const database = openDatabase({ url: env.DATABASE_URL!, applicationName: `probe-${replica}` });
  const { db } = database;
  const s = sql.identifier(schemaName);
  // Idempotent, and raced by replicas starting together: serialised on an advisory lock.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    await tx.execute(sql`create schema if not exists ${s}`);
    await tx.execute(
      sql`create table if not exists ${s}.inbox (event_id uuid primary key, name text not null, handled_at timestamptz not null default now())`,
    );
    await tx.execute(
      sql`create table if not exists ${s}.handled (event_id text not null, email text not null, replica text not null)`,
    );
    await tx.execute(
      sql`create table if not exists ${s}.deliveries (event_id text not null, replica text not null)`,
    );
  });

  const bus = createRabbitMqBus({
    url: env.AMQP_URL!,
    logger,
    connectionName: `probe-${replica}`,
    retry: { maxAttempts: Number(env.MAX_ATTEMPTS ?? 3), delaysMs: [200, 400] },
    prefetch: 5,
  });
  await bus.subscribe(
    defineConsumer(queue, {
      'identity.user.registered': async (event) => {
        const { email } = event.payload;
        await db.insert(deliveries).values({ eventId: event.id, replica });
        const seen = (await db.execute(
          sql`select count(*)::int as n from ${s}.deliveries where event_id = ${event.id}`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        if (env.POISON_MARK && email.includes(env.POISON_MARK))
          throw new Error(`poison: ${email} can never be handled`);
        // A little work time, so a batch spreads over replicas instead of one taking it all.
        await new Promise((resolve) => setTimeout(resolve, 15));
        await handleOnce(db, inbox, event, async (tx) => {
          await tx.insert(handled).values({ eventId: event.id, email, replica });
        });
        // Only on the first delivery: the work is committed, the ack not sent.
        if (env.CRASH_MARK && email.includes(env.CRASH_MARK) && seen.rows[0]?.n === 1)
          process.kill(process.pid, 'SIGKILL');
      },
    }),
  );

  http
    .createServer((_req, res) => {
      res.writeHead(bus.isHealthy() ? 200 : 503).end();
    })
    .listen(Number(env.PORT), '127.0.0.1');

  const stop = async () => {
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

if (require.main === module)
  main().catch((err) => {
    console.error('probe could not start', err);
    process.exit(1);
  });
