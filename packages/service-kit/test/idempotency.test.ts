import type { Express } from 'express';
import { count } from 'drizzle-orm';
import { serial, text, type PgSchema } from 'drizzle-orm/pg-core';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createAccessTokenVerifier, signAccessToken } from '../src/auth';
import type { Db } from '../src/db';
import { defineRoute, routerFor } from '../src/define-route';
import { AppError } from '../src/errors';
import { createHttpApp } from '../src/http-app';
import { createIdempotency, createIdempotencyPruneJob, idempotencyKeyTable } from '../src/idempotency';
import { openApiFromRoutes } from '../src/openapi';
import { generateTestKeys } from '../src/testing/test-keys';
import { waitFor } from '../src/testing/wait-for';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';

const HOUR = 60 * 60 * 1000;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const keys = generateTestKeys();
const token = (id: string) =>
  `Bearer ${signAccessToken({ id, name: 'Asha', isTeacher: false }, keys.privateKey, 60)}`;

function tables(schema: PgSchema) {
  return {
    idempotencyKeys: idempotencyKeyTable(schema),
    notes: schema.table('notes', {
      id: serial('id').primaryKey(),
      text: text('text').notNull(),
      by: text('by').notNull(),
    }),
  };
}

let database: KitTestDatabase<ReturnType<typeof tables>>;
let now: Date;
/** While set, every create waits for it: the test decides when the first request may finish. */
let gate: Promise<void> | undefined;
let failNext = false;

const NoteRequest = z.object({ text: z.string().trim().min(1, 'Text is required') });
const Note = z.object({ id: z.number(), text: z.string(), by: z.string() });

function appOn(db: Db, waitMs?: number): Express {
  const routes = [
    defineRoute({
      method: 'post',
      path: '/api/notes',
      operationId: 'createNote',
      summary: 'Write a note',
      access: 'user',
      idempotencyKey: true,
      request: { body: NoteRequest },
      response: { status: 201, description: 'Created', body: Note },
      handler: async ({ body, user }) => {
        await gate;
        if (failNext) {
          failNext = false;
          throw AppError.conflict('The notebook is busy.');
        }
        const [note] = await db
          .insert(database.tables.notes)
          .values({ text: body.text, by: user.id })
          .returning();
        return note!;
      },
    }),
  ];
  return createHttpApp({
    logger,
    verifyAccessToken: createAccessTokenVerifier(keys.publicKey),
    routes: routerFor(routes, {
      idempotency: createIdempotency({ db, table: database.tables.idempotencyKeys, now: () => now, waitMs }),
    }),
    openapi: openApiFromRoutes('Notes API', routes),
  });
}

let app: Express;
/** A second replica of the same service: its own connection pool to the same database. */
let replica: Express;

beforeAll(async () => {
  database = await openKitTestDatabase('idempotency_test', tables);
  app = appOn(database.db);
  replica = appOn(database.openReplica());
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.reset();
  now = new Date('2026-03-01T09:00:00Z');
  gate = undefined;
  failNext = false;
});

const notesCount = async () => (await database.db.select({ n: count() }).from(database.tables.notes))[0]!.n;
const claimsCount = async () =>
  (await database.db.select({ n: count() }).from(database.tables.idempotencyKeys))[0]!.n;

const post = (target: Express, body: object, key?: string, user = 'u1') => {
  const r = request(target).post('/api/notes').set('Authorization', token(user));
  if (key !== undefined) r.set('Idempotency-Key', key);
  return r.send(body);
};

/** Holds every create until `release()`, so requests can be made to overlap for certain. */
function holdCreates() {
  let release!: () => void;
  gate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    gate = undefined;
    release();
  };
}

describe('Idempotency-Key on a create', () => {
  test('when the same create is sent twice at once with one key, then one note exists and both answers are the same', async () => {
    const release = holdCreates();
    const first = post(app, { text: 'hello' }, 'key-1').then((r) => r);
    const second = post(replica, { text: 'hello' }, 'key-1').then((r) => r);
    // Both are in: the first holds the claim while the second waits for its answer.
    await waitFor('the first request to claim the key', claimsCount, { until: (n) => n === 1 });
    release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.text).toBe(answers[1]!.text);
    expect(answers.map((r) => r.headers['idempotent-replayed']).sort()).toEqual(['true', undefined]);
    expect(await notesCount()).toBe(1);
  });

  test('when many replicas get the same key at the same moment, then exactly one note is created', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(i % 2 ? replica : app, { text: 'tap' }, 'burst')),
    );
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    expect(await notesCount()).toBe(1);
  });

  test('when a repeat comes after the answer, then the stored answer is replayed with Idempotent-Replayed: true', async () => {
    const first = await post(app, { text: 'hello' }, 'key-1').expect(201);
    const again = await post(replica, { text: 'hello' }, 'key-1').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await notesCount()).toBe(1);
  });

  test('when the same key comes with other content, then 422 with a human message and nothing is created', async () => {
    await post(app, { text: 'hello' }, 'key-1').expect(201);
    const res = await post(app, { text: 'something else' }, 'key-1').expect(422);
    expect(res.body).toEqual({
      success: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message:
        'This Idempotency-Key was already used for a different request. Send a new key for new content.',
    });
    expect(await notesCount()).toBe(1);
  });

  test('when no key is sent, then every request creates, as before', async () => {
    await post(app, { text: 'hello' }).expect(201);
    await post(app, { text: 'hello' }).expect(201);
    expect(await notesCount()).toBe(2);
    expect(await claimsCount()).toBe(0);
  });

  test('when the key is empty or longer than 255 characters, then 400 and nothing is created', async () => {
    for (const key of ['', 'k'.repeat(256), 'two words']) {
      const res = await post(app, { text: 'hello' }, key).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_INVALID' });
      expect(res.body.message).toMatch(/^The Idempotency-Key header must be/);
    }
    await post(app, { text: 'hello' }, 'k'.repeat(255)).expect(201);
    expect(await notesCount()).toBe(1);
  });

  test('when the first request is still running and the repeat may not wait, then 409 with Retry-After', async () => {
    const impatient = appOn(database.db, 0);
    const release = holdCreates();
    const first = post(app, { text: 'hello' }, 'key-1').then((r) => r);
    await waitFor('the first request to claim the key', claimsCount, { until: (n) => n === 1 });
    const res = await post(impatient, { text: 'hello' }, 'key-1').expect(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_IN_USE' });
    expect(res.body.message).toMatch(/still being processed/);
    release();
    expect((await first).status).toBe(201);
    expect(await notesCount()).toBe(1);
  });

  test('when the create fails, then the answer is not kept and a retry with the same key creates', async () => {
    failNext = true;
    await post(app, { text: 'hello' }, 'key-1').expect(409);
    expect(await claimsCount()).toBe(0);
    const retry = await post(app, { text: 'hello' }, 'key-1').expect(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const repeat = await post(app, { text: 'hello' }, 'key-1').expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await notesCount()).toBe(1);
  });

  test('when the body is invalid, then 400 and no key is claimed', async () => {
    await post(app, { text: ' ' }, 'key-1').expect(400);
    expect(await claimsCount()).toBe(0);
    await post(app, { text: 'fixed' }, 'key-1').expect(201);
    expect(await claimsCount()).toBe(1);
  });

  test('when another user sends the same key, then it is theirs: a second note is created', async () => {
    await post(app, { text: 'hello' }, 'key-1', 'u1').expect(201);
    const other = await post(app, { text: 'hello' }, 'key-1', 'u2').expect(201);
    expect(other.body.by).toBe('u2');
    const mine = await post(app, { text: 'hello' }, 'key-1', 'u1').expect(201);
    expect(mine.headers['idempotent-replayed']).toBe('true');
    expect(mine.body.by).toBe('u1');
    expect(await notesCount()).toBe(2);
  });

  test('when the request holding a key died without answering, then after a minute the key is taken over and the create runs', async () => {
    const abandoned = {
      caller: 'u1',
      route: 'POST /api/notes',
      key: 'key-1',
      fingerprint: 'from a process that died',
      claimId: '00000000-0000-4000-8000-000000000000',
      expiresAt: new Date(now.getTime() + 24 * HOUR),
    };
    await database.db
      .insert(database.tables.idempotencyKeys)
      .values({ ...abandoned, claimedAt: new Date(now.getTime() - 30_000) });
    const impatient = appOn(database.db, 0);
    await post(impatient, { text: 'hello' }, 'key-1').expect(422);
    now = new Date(now.getTime() + 31_000);
    const res = await post(app, { text: 'hello' }, 'key-1').expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesCount()).toBe(1);
  });

  test('when 24 hours have passed, then the key is pruned and the same key creates again', async () => {
    await post(app, { text: 'hello' }, 'key-1').expect(201);
    const prune = createIdempotencyPruneJob({
      db: database.db,
      table: database.tables.idempotencyKeys,
      logger,
      now: () => now,
    });
    expect(await prune.tick()).toBe('ran');
    expect(await claimsCount()).toBe(1);
    now = new Date(now.getTime() + 24 * HOUR + 1);
    expect(await prune.tick()).toBe('ran');
    expect(await claimsCount()).toBe(0);
    const again = await post(app, { text: 'hello' }, 'key-1').expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesCount()).toBe(2);
  });

  test('when the OpenAPI document is read, then the create lists the optional header and its 409 and 422', async () => {
    const doc = (await request(app).get('/openapi.json').expect(200)).body;
    const op = doc.paths['/api/notes'].post;
    expect(op.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }),
      ]),
    );
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
  });
});
