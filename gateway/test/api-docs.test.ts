import fs from 'node:fs';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { openApiPath } from '@campus/service-kit/openapi';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import {
  startTemporaryPlatform,
  type TemporaryPlatform,
} from '../../infra/local/src/testing/temporary-platform';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { closedPortUrl, startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * The API reference at /api/docs: Swagger UI served by the gateway itself under its CSP, over one
 * document merged from the running services' own. The routes compared against the document are read
 * from each service's Express router, so a route added without documentation fails here.
 */

interface Operation {
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface MergedDocument {
  openapi: string;
  info: { description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** A DELETE with a body: deleting the account asks for the password again and the choice for what was written. */
const DELETE_WITH_BODY = new Set(['DELETE /api/me']);

/** State-changing routes whose input is the session cookie or the path alone, not a body. */
const TAKES_NO_BODY = new Set([
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'PATCH /api/book/{id}/like',
  'PATCH /api/event/events/{id}/view',
  // Renewing a room request is the act itself: it takes nothing but the request's id.
  'POST /api/flat/{id}/renew',
  // RFC 8058: the mail client's form body is always `List-Unsubscribe=One-Click`; the token is the query.
  'POST /api/notifications/unsubscribe',
]);
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

const swaggerUiVersion = (
  JSON.parse(fs.readFileSync(require.resolve('swagger-ui-dist/package.json'), 'utf8')) as { version: string }
).version;

let platform: TemporaryPlatform;
let doc: MergedDocument;

beforeAll(async () => {
  platform = await startTemporaryPlatform('api-docs');
  doc = (await request(platform.url).get('/api/docs/openapi.json').expect(200)).body;
}, 150_000); // the whole platform starts: seconds when quiet, over a minute beside the rest of CI
afterAll(() => platform?.stop());

/** The value of one CSP directive, as its list of sources. */
const cspDirective = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([directive]) => directive === name)
    ?.slice(1);

const attributeValues = (html: string, tag: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${attribute}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');

describe('the explorer page', () => {
  test('when a browser opens /api/docs, then it gets the explorer under the CSP, with every script from the gateway itself and none inline', async () => {
    const res = await request(platform.url).get('/api/docs').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');

    const csp = res.headers['content-security-policy'] ?? '';
    expect(cspDirective(csp, 'script-src')).toEqual(["'self'"]);
    expect(cspDirective(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');

    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('');
      expect(attributes).toMatch(/\bsrc="\/[^/]/);
    }
    const links = attributeValues(res.text, 'link', 'href');
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const href of links) expect(href).toMatch(/^\/[^/]/);
  });

  test('the scripts, styles and icon the page names are served with their content types, compressed, and cached for good under versioned URLs', async () => {
    const page = await request(platform.url).get('/api/docs').expect(200);
    const urls = [
      ...attributeValues(page.text, 'script', 'src'),
      ...attributeValues(page.text, 'link', 'href'),
    ];
    expect(urls).toContain(`/api/docs/swagger-ui/${swaggerUiVersion}/swagger-ui-bundle.js`);
    expect(urls).toContain(`/api/docs/swagger-ui/${swaggerUiVersion}/swagger-ui.css`);

    const contentTypes = { js: /^text\/javascript/, css: /^text\/css/, png: /^image\/png$/ };
    for (const url of urls) {
      const extension = url.split('.').pop() as keyof typeof contentTypes;
      const res = await request(platform.url).get(url).set('Accept-Encoding', 'gzip').expect(200);
      expect({ url, type: res.headers['content-type'] }).toEqual({
        url,
        type: expect.stringMatching(contentTypes[extension]),
      });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (url.includes('swagger-ui-bundle') || url.includes('swagger-ui.css'))
        expect(res.headers['content-encoding']).toBe('gzip');
    }
  });

  test('files of the package that the page does not use (its demo page, which loads another API) are not served', async () => {
    for (const file of ['index.html', 'swagger-initializer.js', 'oauth2-redirect.html', 'package.json'])
      await request(platform.url).get(`/api/docs/swagger-ui/${swaggerUiVersion}/${file}`).expect(404);
    await request(platform.url).get('/api/docs/swagger-ui/0.0.1/swagger-ui-bundle.js').expect(404);
  });
});

describe('the merged document', () => {
  test('openapi.json is OpenAPI 3.1 whose server is the gateway itself, with a tag per service', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: 'This gateway' }]);
    expect(doc.tags.map((t) => t.name)).toEqual(platform.services.map((s) => s.name));
    expect(doc.info.description).not.toContain('Not reachable');
  });

  test('every route of every service appears in it under its service, with its path parameters, request body and response schemas', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const service of platform.services) {
      expect(service.routes.length).toBeGreaterThan(0);
      for (const route of service.routes) {
        const template = openApiPath(route.path);
        const name = `${route.method} ${template}`;
        const operation = doc.paths[template]?.[route.method.toLowerCase()];
        if (!operation) {
          problems.push(`${name} (${service.name}) is not documented`);
          continue;
        }
        checked++;
        if (!operation.tags?.includes(service.name)) problems.push(`${name} is not tagged ${service.name}`);

        const pathParameters = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const documented = (operation.parameters ?? []).filter((p) => p.in === 'path');
        for (const parameter of pathParameters)
          if (!documented.some((p) => p.name === parameter && p.required && p.schema))
            problems.push(`${name}: path parameter ${parameter} is not documented`);
        for (const p of documented)
          if (!pathParameters.includes(p.name))
            problems.push(`${name}: documents a path parameter ${p.name}`);

        const content = operation.requestBody?.content;
        // An upload is multipart with a binary file field; every other body is a JSON schema.
        const upload = content?.['multipart/form-data']?.schema as
          { properties?: Record<string, { format?: string }> } | undefined;
        const bodySchema =
          content?.['application/json']?.schema ??
          Object.values(upload?.properties ?? {}).find((field) => field.format === 'binary');
        const takesBody =
          (['POST', 'PUT', 'PATCH'].includes(route.method) && !TAKES_NO_BODY.has(name)) ||
          DELETE_WITH_BODY.has(name);
        if (takesBody && !bodySchema) problems.push(`${name}: no request body schema`);
        if (!takesBody && operation.requestBody) problems.push(`${name}: documents a body it does not take`);

        const responses = Object.entries(operation.responses ?? {});
        if (!responses.some(([status]) => /^2\d\d$/.test(status)))
          problems.push(`${name}: no success response`);
        // JSON, or an event stream's frames (text/event-stream) for its success.
        for (const [status, response] of responses)
          if (!(response.content?.['application/json'] ?? response.content?.['text/event-stream'])?.schema)
            problems.push(`${name}: response ${status} has no schema`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(platform.services.reduce((n, s) => n + s.routes.length, 0));
  });

  test('it documents no operation that no service routes', () => {
    const routed = new Set(
      platform.services.flatMap((s) => s.routes.map((r) => `${r.method} ${openApiPath(r.path)}`)),
    );
    const documented = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.keys(item)
        .filter((key) => HTTP_METHODS.has(key))
        .map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(documented.filter((operation) => !routed.has(operation))).toEqual([]);
  });

  test('every reference in it resolves to one of its components', () => {
    const refs = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, v] of Object.entries(value))
          if (key === '$ref' && typeof v === 'string') refs.add(v);
          else collect(v);
    };
    collect(doc);
    expect(refs.size).toBeGreaterThan(0);
    const dangling = [...refs].filter((ref) => {
      const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
      return !section || !name || doc.components[section]?.[name] === undefined;
    });
    expect(dangling).toEqual([]);
  });
});

describe('merging', () => {
  const keys = generateTestKeys();
  let standIn: StandInServer;
  let gateway: RunningGateway;

  /** A service whose document defines ErrorBody its own way, and lists a path the gateway routes elsewhere. */
  function startStandInLibrary(): Promise<typeof standIn> {
    const ref = { $ref: '#/components/schemas/ErrorBody' };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Stand-in library' },
      paths: {
        '/api/book/search': {
          get: {
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } },
          },
        },
        '/api/auth/impostor': { get: { responses: { '200': { description: 'not routed here' } } } },
      },
      components: { schemas: { ErrorBody: { type: 'string' } } },
    };
    return startStandIn((req, res) => {
      if (req.url === '/openapi.json')
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
      else res.writeHead(404).end();
    });
  }

  beforeAll(async () => {
    standIn = await startStandInLibrary();
    const identity = platform.services.find((s) => s.name === 'identity');
    gateway = await startGateway(
      loadConfig('gateway', GatewayConfig, {
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_PUBLIC_KEY: keys.publicKey,
        PUBLIC_ORIGIN: 'https://campus.example',
        IDENTITY_SERVICE_URL: identity?.url ?? '',
        LIBRARY_SERVICE_URL: standIn.url,
        PROFILE_SERVICE_URL: await closedPortUrl(),
        HEALTH_TIMEOUT_MS: '500',
      }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(async () => {
    await gateway?.stop();
    await standIn?.close();
  });

  test('when a service is unreachable, then the document says so and still holds the others', async () => {
    const res = await request(gateway.url).get('/api/docs/openapi.json').expect(200);
    const merged = res.body as MergedDocument;
    expect(merged.info.description).toContain('Not reachable right now:** profile');
    expect(merged.tags.map((t) => t.name)).toEqual(['identity', 'library']);
    expect(merged.paths['/api/auth/login']).toBeDefined();
    expect(Object.keys(merged.paths).some((p) => p.startsWith('/api/commonData/{userId}'))).toBe(false);
  });

  test('when PUBLIC_ORIGIN is set, then the server is that origin, the one whose writes the gateway accepts', async () => {
    const res = await request(gateway.url).get('/api/docs/openapi.json').expect(200);
    expect((res.body as MergedDocument).servers).toEqual([
      { url: 'https://campus.example', description: 'This gateway' },
    ]);
  });

  test('when two services define a component differently, then both are kept and each service refers to its own', async () => {
    const merged = (await request(gateway.url).get('/api/docs/openapi.json').expect(200))
      .body as MergedDocument;
    const schemas = merged.components.schemas ?? {};
    expect(schemas.ErrorBody).toMatchObject({ type: 'object', required: ['success', 'message', 'code'] });
    expect(schemas['library.ErrorBody']).toEqual({ type: 'string' });
    expect(
      merged.paths['/api/book/search']?.get?.responses?.['200']?.content?.['application/json']?.schema,
    ).toEqual({ $ref: '#/components/schemas/library.ErrorBody' });
  });

  test("when a service's document lists a path the gateway routes to another service, then it is left out", async () => {
    const merged = (await request(gateway.url).get('/api/docs/openapi.json').expect(200))
      .body as MergedDocument;
    expect(merged.paths['/api/auth/impostor']).toBeUndefined();
  });
});
