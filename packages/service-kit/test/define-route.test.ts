import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createAccessTokenVerifier, signAccessToken } from '../src/auth';
import { defineRoute, routerFor } from '../src/define-route';
import { AppError } from '../src/errors';
import { createHttpApp } from '../src/http-app';
import { openApiFromRoutes } from '../src/openapi';
import { generateTestKeys } from '../src/testing/test-keys';

const keys = generateTestKeys();
const token = (id: string, isTeacher = false) =>
  `Bearer ${signAccessToken({ id, name: 'Asha', isTeacher }, keys.privateKey, 60)}`;

const Note = z.object({ id: z.string(), text: z.string(), by: z.string() }).meta({ id: 'Note' });
const NoteRequest = z.object({ text: z.string().trim().min(1, 'Text is required').max(20) });
const notes = new Map<string, z.infer<typeof Note>>();

const routes = [
  defineRoute({
    method: 'get',
    path: '/api/notes',
    operationId: 'listNotes',
    summary: 'List notes',
    access: 'public',
    request: {
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1, 'Limit must be 1 to 5')
          .max(5, 'Limit must be 1 to 5')
          .default(2),
      }),
    },
    response: { description: 'Notes', body: z.array(Note) },
    handler: ({ query }) => [...notes.values()].slice(0, query.limit),
  }),
  defineRoute({
    method: 'post',
    path: '/api/notes',
    operationId: 'createNote',
    summary: 'Write a note',
    access: 'user',
    request: { body: NoteRequest },
    response: { status: 201, description: 'Created', body: Note },
    handler: ({ body, user }) => {
      const note = { id: String(notes.size + 1), text: body.text, by: user.id };
      notes.set(note.id, note);
      return note;
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/notes/:id',
    operationId: 'deleteNote',
    summary: 'Delete any note (teachers)',
    access: 'teacher',
    request: { params: z.object({ id: z.string().regex(/^\d+$/, 'Note ids are numbers') }) },
    response: { description: 'Deleted', body: z.object({ success: z.literal(true) }) },
    errors: { 404: 'No such note' },
    handler: ({ params }) => {
      if (!notes.delete(params.id)) throw AppError.notFound('No such note.');
      return { success: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/users/:userId/notes',
    operationId: 'listOwnNotes',
    summary: "A user's own notes",
    access: 'user',
    self: 'userId',
    request: { params: z.object({ userId: z.string() }) },
    response: { description: 'Their notes', body: z.array(Note) },
    handler: ({ user }) => [...notes.values()].filter((n) => n.by === user.id),
  }),
];

const app = createHttpApp({
  logger: pino({ level: 'silent' }),
  verifyAccessToken: createAccessTokenVerifier(keys.publicKey),
  routes: routerFor(routes),
});
beforeEach(() => notes.clear());

describe('a declared route', () => {
  test('when the body is valid, then the handler gets it parsed (trimmed) with the signed-in user, and the declared status answers', async () => {
    const res = await request(app)
      .post('/api/notes')
      .set('Authorization', token('u1'))
      .send({ text: '  hello  ', by: 'someone-else' })
      .expect(201);
    expect(res.body).toEqual({ id: '1', text: 'hello', by: 'u1' });
  });

  test('when the body breaks the contract, then 400 VALIDATION_FAILED with the field and its message, and nothing changes', async () => {
    const res = await request(app)
      .post('/api/notes')
      .set('Authorization', token('u1'))
      .send({ text: '   ' })
      .expect(400);
    expect(res.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Text is required',
      issues: [{ path: 'text', message: 'Text is required' }],
    });
    expect(notes.size).toBe(0);
  });

  test('when the query breaks the contract, then 400 with its message; when absent, the default applies', async () => {
    const bad = await request(app).get('/api/notes?limit=99').expect(400);
    expect(bad.body.message).toBe('Limit must be 1 to 5');
    for (const text of ['a', 'b', 'c']) notes.set(text, { id: text, text, by: 'u1' });
    const res = await request(app).get('/api/notes').expect(200);
    expect(res.body).toHaveLength(2);
  });

  test('when a guest calls a signed-in route, then 401 and the handler does not run', async () => {
    await request(app).post('/api/notes').send({ text: 'x' }).expect(401);
    expect(notes.size).toBe(0);
  });

  test('when a student calls a teachers route, then 403; a teacher gets through to the params check and the handler', async () => {
    notes.set('7', { id: '7', text: 'x', by: 'u1' });
    await request(app).delete('/api/notes/7').set('Authorization', token('u1')).expect(403);
    const bad = await request(app)
      .delete('/api/notes/seven')
      .set('Authorization', token('t1', true))
      .expect(400);
    expect(bad.body.message).toBe('Note ids are numbers');
    await request(app).delete('/api/notes/8').set('Authorization', token('t1', true)).expect(404);
    await request(app).delete('/api/notes/7').set('Authorization', token('t1', true)).expect(200);
  });

  test("when a user asks for another user's private path, then 403; their own answers", async () => {
    await request(app).get('/api/users/u2/notes').set('Authorization', token('u1')).expect(403);
    const own = await request(app).get('/api/users/u1/notes').set('Authorization', token('u1')).expect(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the OpenAPI document of declared routes', () => {
  const doc = openApiFromRoutes('Notes API', routes)() as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown;
          requestBody?: unknown;
          parameters?: Array<{ name: string; in: string }>;
          responses: Record<string, unknown>;
        }
      >
    >;
    components: { securitySchemes: Record<string, { in: string; name: string }> };
  };

  test('documents every route at its OpenAPI path, with its parameters, body and answers', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/notes',
      '/api/notes/{id}',
      '/api/users/{userId}/notes',
    ]);
    expect(doc.paths['/api/notes']!.post!.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/notes']!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401']),
    );
    expect(doc.paths['/api/notes']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'limit', in: 'query' }),
    ]);
    expect(Object.keys(doc.paths['/api/notes/{id}']!.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
    expect(doc.paths['/api/users/{userId}/notes']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'userId', in: 'path' }),
    ]);
  });

  test('marks signed-in routes with the session cookie scheme, public ones without', () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'cc_access' });
    expect(doc.paths['/api/notes']!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/notes']!.get!.security).toBeUndefined();
  });
});
