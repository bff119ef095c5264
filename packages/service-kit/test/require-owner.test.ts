import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { text, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createAccessTokenVerifier, signAccessToken } from '../src/auth';
import { defineRoute, routerFor } from '../src/define-route';
import { createHttpApp } from '../src/http-app';
import { requireOwner } from '../src/require-owner';
import { generateTestKeys } from '../src/testing/test-keys';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';

const keys = generateTestKeys();
const asUser = (id: string, isTeacher = false, ttlSeconds = 60) =>
  `Bearer ${signAccessToken({ id, name: 'Asha', isTeacher }, keys.privateKey, ttlSeconds)}`;

const tables = (schema: PgSchema) => ({
  notes: schema.table('notes', {
    id: uuid('id').primaryKey().defaultRandom(),
    postedBy: uuid('posted_by').notNull(),
    text: text('text').notNull(),
  }),
});

let database: KitTestDatabase<ReturnType<typeof tables>>;
let app: ReturnType<typeof createHttpApp>;
const owner = randomUUID();
const stranger = randomUUID();
let noteId: string;

beforeAll(async () => {
  database = await openKitTestDatabase('require_owner_test', tables);
  const { notes } = database.tables;
  const findNote = async (id: string) => (await database.db.select().from(notes).where(eq(notes.id, id)))[0];
  const Params = z.object({ id: z.uuid('Unknown note id') });

  const routes = Router();
  // A declared route (defineRoute): the owner deletes; a teacher may too (moderation).
  routes.use(
    routerFor([
      defineRoute({
        method: 'delete',
        path: '/api/notes/:id',
        operationId: 'deleteThing',
        summary: 'Delete a note (its owner, or a teacher)',
        access: 'public',
        request: { params: Params },
        response: { description: 'Deleted', body: z.object({ success: z.literal(true) }) },
        errors: { 403: 'Not the owner', 404: 'No such note' },
        handler: async ({ params, req }) => {
          await requireOwner(req, {
            load: () => findNote(params.id),
            ownerOf: (note) => note.postedBy,
            alsoAllowed: (user) => user.isTeacher,
            notFoundMessage: 'Note not found.',
          });
          await database.db.delete(notes).where(eq(notes.id, params.id));
          return { success: true as const };
        },
      }),
    ]),
  );
  // A plain Express handler: only the owner edits.
  routes.patch('/api/notes/:id', async (req, res) => {
    const { id } = Params.parse(req.params);
    const { resource } = await requireOwner(req, {
      load: () => findNote(id),
      ownerOf: (note) => note.postedBy,
      notFoundMessage: 'Note not found.',
    });
    await database.db
      .update(notes)
      .set({ text: String(req.body.text) })
      .where(eq(notes.id, resource.id));
    res.json({ success: true });
  });

  app = createHttpApp({
    logger: pino({ level: 'silent' }),
    verifyAccessToken: createAccessTokenVerifier(keys.publicKey),
    routes,
  });
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.reset();
  const [note] = await database.db
    .insert(database.tables.notes)
    .values({ postedBy: owner, text: 'Room for rent near the gate' })
    .returning();
  noteId = note!.id;
});

/** The same call as DELETE or PATCH, so both answer the same way. */
const call = (method: 'delete' | 'patch', path: string) =>
  method === 'delete' ? request(app).delete(path) : request(app).patch(path);

const noteStillThere = async () =>
  (await database.db.select().from(database.tables.notes).where(eq(database.tables.notes.id, noteId)))
    .length === 1;

describe('requireOwner through HTTP', () => {
  it.each(['delete', 'patch'] as const)(
    'when a guest calls %s, then the answer is 401, even for an unknown id',
    async (method) => {
      for (const id of [noteId, randomUUID()]) {
        const res = await call(method, `/api/notes/${id}`).send({ text: 'x' });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      expect(await noteStillThere()).toBe(true);
    },
  );

  it('when the session has expired, then the answer is 401 TOKEN_EXPIRED so the client refreshes', async () => {
    const res = await request(app)
      .delete(`/api/notes/${noteId}`)
      .set('Authorization', asUser(owner, false, -10));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it.each(['delete', 'patch'] as const)(
    'when the resource does not exist, then %s answers 404 with the route message',
    async (method) => {
      const res = await call(method, `/api/notes/${randomUUID()}`)
        .set('Authorization', asUser(owner))
        .send({ text: 'x' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Note not found.' });
    },
  );

  it.each(['delete', 'patch'] as const)(
    'when another user calls %s, then the answer is 403 and nothing changes',
    async (method) => {
      const res = await call(method, `/api/notes/${noteId}`)
        .set('Authorization', asUser(stranger))
        .send({ text: 'mine now' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: 'NOT_OWNER', message: 'Only its owner can do this.' });
      const [note] = await database.db.select().from(database.tables.notes);
      expect(note).toMatchObject({ id: noteId, text: 'Room for rent near the gate' });
    },
  );

  it('when the owner edits, then the change is made', async () => {
    const res = await request(app)
      .patch(`/api/notes/${noteId}`)
      .set('Authorization', asUser(owner))
      .send({ text: 'Taken' });
    expect(res.status).toBe(200);
    const [note] = await database.db.select().from(database.tables.notes);
    expect(note!.text).toBe('Taken');
  });

  it('when the owner deletes, then the note is gone', async () => {
    const res = await request(app).delete(`/api/notes/${noteId}`).set('Authorization', asUser(owner));
    expect(res.status).toBe(200);
    expect(await noteStillThere()).toBe(false);
  });

  it('when a route also allows teachers, then a teacher may delete but not edit what is not theirs', async () => {
    const teacher = randomUUID();
    const edit = await request(app)
      .patch(`/api/notes/${noteId}`)
      .set('Authorization', asUser(teacher, true))
      .send({ text: 'x' });
    expect(edit.status).toBe(403);
    const removal = await request(app)
      .delete(`/api/notes/${noteId}`)
      .set('Authorization', asUser(teacher, true));
    expect(removal.status).toBe(200);
    expect(await noteStillThere()).toBe(false);
  });
});
