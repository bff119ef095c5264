/**
 * The files of a new domain (`npm run new:domain <name>`): a service with one real, paged list and a
 * create route, a consumer of `identity.user.registered` through the kit's pipeline, its contracts,
 * a remote, a seed and a docs page. Everything here is meant to be renamed and reshaped into the
 * domain's own rules and screens; it is written so that it already runs, is tested and is wired.
 */
export interface DomainNames {
  /** `clubs`: service, schema, queue, compose service, remote. */
  name: string;
  /** `Clubs`: type and component names. */
  Name: string;
  /** Where its HTTP API lives: the gateway prefix it owns (`/api/clubs`, or an existing one such as `/api/job`). */
  apiPrefix: string;
  /** Its fixed port for `npm run start:services`. */
  port: number;
  /** Its contracts module in packages/contracts/src (`clubs`; `events-domain` beside the event catalogue). */
  contracts: string;
}

export interface PinnedVersions {
  service: Record<string, string>;
  web: Record<string, string>;
}

export const namesFor = (name: string, apiPrefix: string, port: number, contracts: string): DomainNames => ({
  name,
  Name: name.charAt(0).toUpperCase() + name.slice(1),
  apiPrefix,
  port,
  contracts,
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function servicePackageJson({ name }: DomainNames, versions: PinnedVersions): string {
  return json({
    name: `@campus/${name}-service`,
    version: '0.1.0',
    private: true,
    dependencies: versions.service,
    exports: { './service': './src/service.ts' },
    scripts: { start: 'tsx src/main.ts', 'db:generate': 'drizzle-kit generate' },
  });
}

export const drizzleConfig = ({ name }: DomainNames) => `import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data/schema.ts',
  out: './migrations',
  schemaFilter: ['${name}'],
});
`;

export const serviceConfig = ({ Name, name }: DomainNames) => `import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';

/** What the ${name} service reads from its environment (docs/configuration.md lists it). */
export const ${Name}Config = z.object({ ...baseEnv });
export type ${Name}Config = z.infer<typeof ${Name}Config>;
`;

export const serviceMain = ({
  name,
}: DomainNames) => `import { runServiceProcess } from '@campus/service-kit/service-process';
import { ${name}Service } from './service';

void runServiceProcess(${name}Service);
`;

export const serviceDefinition = ({ name, Name }: DomainNames) => `import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { ${Name}Config } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createItems } from './domain/items';
import { ${name}EventHandlers } from './events/${name}-event-handlers';
import { create${Name}Routes } from './http/${name}-routes';

/**
 * ${Name}: (say what the domain keeps and who may do what). \`consumes\` binds its queue and must
 * match its handlers; \`produces\` is what \`emit\` accepts: add an event to
 * packages/contracts/src/events.ts first, then here, then run \`npm run topology\`.
 */
export const ${name}Service = defineService({
  name: '${name}',
  title: '${Name} API',
  configSchema: ${Name}Config,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['identity.user.registered'],
  produces: [],
  outbox,
  inbox,
  idempotencyKeys,
  create({ db, transact, now }) {
    const items = createItems({ db, transact, now });
    return {
      routes: create${Name}Routes({ items }),
      eventHandlers: ${name}EventHandlers(items),
    };
  },
});
`;

export const dataSchema = ({
  name,
}: DomainNames) => `import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idempotencyKeyTable } from '@campus/service-kit/idempotency';
import { inboxTable } from '@campus/service-kit/inbox';
import { memberTable } from '@campus/service-kit/member-directory';
import { outboxTable } from '@campus/service-kit/outbox';

/** Everything of the ${name} service lives in its own schema (and its own database in production). */
export const ${name}Schema = pgSchema('${name}');

/** What the domain keeps: rename and reshape. Changes: edit here, then \`npm run db:generate -w services/${name}\`. */
export const items = ${name}Schema.table(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('items_newest_idx').on(t.createdAt, t.id)],
);

/** Who is who, so lists show names without asking identity. */
export const members = memberTable(${name}Schema);

export const outbox = outboxTable(${name}Schema);
export const inbox = inboxTable(${name}Schema);
/** Idempotency-Keys of its creates (\`idempotencyKey: true\` on a route): one create per intent. */
export const idempotencyKeys = idempotencyKeyTable(${name}Schema);
`;

export const itemStore = ({ name }: DomainNames) => `import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { items, members } from './schema';

/** An item as the rules see it: plain, camelCase, with its author's name (null if unknown). */
export interface ItemRecord {
  id: string;
  title: string;
  createdBy: string;
  authorName: string | null;
  createdAt: Date;
}

/** The ${name} service's data access: every query the rules need. The domain never sees a row. */
export function createItemStore(db: Db) {
  return {
    /** Newest first; \`offset\`/\`limit\` from the page query. */
    async page(window: { offset: number; limit: number }): Promise<{ items: ItemRecord[]; total: number }> {
      const rows = await db
        .select({
          id: items.id,
          title: items.title,
          createdBy: items.createdBy,
          authorName: members.name,
          createdAt: items.createdAt,
        })
        .from(items)
        .leftJoin(members, eq(members.userId, items.createdBy))
        .orderBy(desc(items.createdAt), desc(items.id))
        .limit(window.limit)
        .offset(window.offset);
      const [counted] = await db.select({ total: count() }).from(items);
      return { items: rows, total: counted?.total ?? 0 };
    },

    async insert(
      executor: DbExecutor,
      item: { title: string; createdBy: string; createdAt: Date },
    ): Promise<Omit<ItemRecord, 'authorName'>> {
      const [row] = await executor.insert(items).values(item).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Who is who: identity's word on a member, or a session's when identity has not spoken yet. */
    ...memberDirectory(members),
  };
}
`;

export const itemsDomain = ({ name, Name, contracts }: DomainNames) => `import type { z } from 'zod';
import type { EventPayload } from '@campus/contracts/events';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { ${Name}Item, ${Name}ListQuery, Create${Name}ItemRequest } from '@campus/contracts/${contracts}';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createItemStore, type ItemRecord } from '../data/item-store';

export interface ItemPage {
  items: ${Name}Item[];
  page: number;
  pages: number;
  total: number;
}

const toItem = (record: ItemRecord): ${Name}Item => ({
  _id: record.id,
  title: record.title,
  createdBy: record.createdBy,
  authorName: record.authorName,
  createdAt: record.createdAt.toISOString(),
});

/**
 * The ${name} domain's rules. \`Transact<never>\`: it emits nothing yet; name the events it emits
 * here (\`Transact<'${name}.item.created'>\`) once the service's \`produces\` lists them.
 */
export function createItems(deps: { db: Db; transact: Transact<never>; now: () => Date }) {
  const store = createItemStore(deps.db);

  return {
    async page(query: z.output<typeof ${Name}ListQuery>): Promise<ItemPage> {
      const found = await store.page(pageWindow(query));
      return {
        items: found.items.map(toItem),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** The author is the signed-in user, never the body (DESIGN §4). */
    async create(user: AuthUser, data: z.output<typeof Create${Name}ItemRequest>): Promise<${Name}Item> {
      return deps.transact(async (tx) => {
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const row = await store.insert(tx, { title: data.title, createdBy: user.id, createdAt: deps.now() });
        return toItem({ ...row, authorName: user.name });
      });
    },

    /** From identity's \`identity.user.registered\` (the kit runs it once per event, in \`tx\`). */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await store.setMember(tx, { userId: member.userId, name: member.name, isTeacher: member.isTeacher });
    },
  };
}

export type Items = ReturnType<typeof createItems>;
`;

export const eventHandlers = ({
  name,
}: DomainNames) => `import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Items } from '../domain/items';

/**
 * The events the ${name} service consumes, one handler each (exactly its definition's \`consumes\`).
 * The kit gives each the transaction that records the event in the inbox, so a redelivery is skipped.
 */
export function ${name}EventHandlers(items: Items) {
  return defineEventHandlers({
    'identity.user.registered': ({ payload }, { tx }) => items.memberRegistered(tx, payload),
  });
}
`;

export const httpRoutes = ({ name, Name, apiPrefix, contracts }: DomainNames) => `import { z } from 'zod';
import {
  ${Name.toUpperCase()}_MAX_LIMIT,
  ${Name.toUpperCase()}_MESSAGES,
  ${Name.toUpperCase()}_PAGE_SIZE,
  ${Name}ItemResponse,
  ${Name}ListQuery,
  ${Name}ListResponse,
  Create${Name}ItemRequest,
} from '@campus/contracts/${contracts}';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Items } from '../domain/items';

/** The ${name} API. Each route is declared once: parsing, access, handler and its OpenAPI operation. */
export function create${Name}Routes({ items }: { items: Items }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '${apiPrefix}',
      operationId: 'list${Name}Items',
      summary: 'The newest items first, a page at a time',
      access: 'public',
      request: { query: ${Name}ListQuery },
      docs: {
        query: z.object(
          pageQueryDoc({ defaultLimit: ${Name.toUpperCase()}_PAGE_SIZE, maxLimit: ${Name.toUpperCase()}_MAX_LIMIT }),
        ),
      },
      response: { description: 'One page of items and the number of pages', body: ${Name}ListResponse },
      handler: async ({ query }) => {
        const page = await items.page(query);
        return {
          success: true as const,
          message: page.total === 0 ? ${Name.toUpperCase()}_MESSAGES.empty : ${Name.toUpperCase()}_MESSAGES.found,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '${apiPrefix}',
      operationId: 'create${Name}Item',
      summary: 'Add an item (its author is the signed-in user)',
      access: 'user',
      idempotencyKey: true,
      request: { body: Create${Name}ItemRequest },
      response: { status: 201, description: 'Created', body: ${Name}ItemResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: ${Name.toUpperCase()}_MESSAGES.created,
        data: await items.create(user, body),
      }),
    }),
  ];
}
`;

export const contractsFile = ({ name, Name }: DomainNames) => {
  const NAME = Name.toUpperCase();
  return `import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';

/** The ${name} domain's wire: what its service accepts and answers, and what its remote shows. */
export const ${NAME}_PAGE_SIZE = 20;
export const ${NAME}_MAX_LIMIT = 50;

export const ${NAME}_MESSAGES = {
  titleRequired: 'Title is required',
  created: 'Created successfully',
  found: 'Items found',
  empty: 'Nothing here yet',
} as const;

export const ${Name}Item = z
  .object({
    _id: z.string(),
    title: z.string(),
    createdBy: UserId,
    /** Null for an author the service has not heard of. */
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: '${Name}Item' });
export type ${Name}Item = z.infer<typeof ${Name}Item>;

export const Create${Name}ItemRequest = z
  .object({ title: requiredText(${NAME}_MESSAGES.titleRequired, 200) })
  .meta({ id: 'Create${Name}ItemRequest' });
export type Create${Name}ItemRequest = z.input<typeof Create${Name}ItemRequest>;

/** \`?page=&limit=\`: a page of the list (pages from 1; a limit over the cap is a 400). */
export const ${Name}ListQuery = z.object(pageQuery({ defaultLimit: ${NAME}_PAGE_SIZE, maxLimit: ${NAME}_MAX_LIMIT }));

export const ${Name}ListResponse = pagedSuccessWith('${Name}ListResponse', ${Name}Item);
export type ${Name}ListResponse = z.infer<typeof ${Name}ListResponse>;

export const ${Name}ItemResponse = successWith('${Name}ItemResponse', ${Name}Item);
export type ${Name}ItemResponse = z.infer<typeof ${Name}ItemResponse>;
`;
};

export const serviceTest = ({ name, Name, apiPrefix, contracts }: DomainNames) => {
  const NAME = Name.toUpperCase();
  return `import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ${NAME}_MAX_LIMIT, ${NAME}_MESSAGES } from '@campus/contracts/${contracts}';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { ${name}Service } from '../src/service';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  // The service's clock: each reading a second after the last, so "newest first" never ties.
  h = await startServiceForTest(${name}Service, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** A user as the gateway would hand them over: a signed access token naming them. */
function signedIn(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: \`Bearer \${signAccessToken(user, h.keys.privateKey, 900)}\` } };
}

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((item) => item.title);

describe('${apiPrefix}', () => {
  test('when a signed-in user adds items, then the list shows them newest first, a page at a time', async () => {
    const asha = signedIn('Asha Rao');
    for (const title of ['First', 'Second', 'Third'])
      await request(h.url).post('${apiPrefix}').set(asha.headers).send({ title, createdBy: 'someone-else' }).expect(201);

    const first = await request(h.url).get('${apiPrefix}?limit=2').expect(200);
    expect(first.body).toMatchObject({ success: true, message: ${NAME}_MESSAGES.found, page: 1, pages: 2, total: 3 });
    expect(titles(first.body)).toEqual(['Third', 'Second']);
    expect(first.body.data[0]).toMatchObject({ createdBy: asha.user.id, authorName: 'Asha Rao' });

    const second = await request(h.url).get('${apiPrefix}?limit=2&page=2').expect(200);
    expect(titles(second.body)).toEqual(['First']);
  });

  test('when nothing has been added, then an empty first page', async () => {
    const res = await request(h.url).get('${apiPrefix}').expect(200);
    expect(res.body).toEqual({ success: true, message: ${NAME}_MESSAGES.empty, data: [], page: 1, pages: 0, total: 0 });
  });

  test('when a guest adds an item, then 401 and nothing is stored', async () => {
    await request(h.url).post('${apiPrefix}').send({ title: 'Anonymous' }).expect(401);
    expect((await request(h.url).get('${apiPrefix}').expect(200)).body.total).toBe(0);
  });

  test('when the title is blank, then 400 naming the field', async () => {
    const res = await request(h.url).post('${apiPrefix}').set(signedIn('Asha Rao').headers).send({ title: '  ' }).expect(400);
    expect(res.body.issues).toEqual([{ path: 'title', message: ${NAME}_MESSAGES.titleRequired }]);
  });

  test('when a page asks for more than the cap, then 400 with the paging message', async () => {
    const res = await request(h.url).get(\`${apiPrefix}?limit=\${${NAME}_MAX_LIMIT + 1}\`).expect(400);
    expect(res.body.message).toContain(\`Limit must be a whole number from 1 to \${${NAME}_MAX_LIMIT}\`);
  });

  test('when the same add is sent twice at once with one Idempotency-Key, then one item and the same answer twice', async () => {
    const asha = signedIn('Asha Rao');
    const send = () =>
      request(h.url).post('${apiPrefix}').set(asha.headers).set('Idempotency-Key', 'one-intent').send({ title: 'Once' });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.text).toBe(b.text);
    expect((await request(h.url).get('${apiPrefix}').expect(200)).body.total).toBe(1);
  });
});

describe('names from identity', () => {
  test('when identity announces a registration, then that member’s items carry the name identity gave, whatever their session says', async () => {
    const asha = signedIn('A. Rao');
    const registered = {
      id: randomUUID(),
      name: 'identity.user.registered' as const,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: { userId: asha.user.id, name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false },
    };
    await h.bus.publish(registered);
    await h.bus.publish(registered);
    await h.waitForDeliveries(registered.id, 2);

    await request(h.url).post('${apiPrefix}').set(asha.headers).send({ title: 'Mine' }).expect(201);
    const res = await request(h.url).get('${apiPrefix}').expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ title: 'Mine', authorName: 'Asha Rao' })]);
  });
});
`;
};

export const seedStep = ({
  name,
  Name,
  apiPrefix,
}: DomainNames) => `import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** A few ${name} items from the demo student, through the public API, so the screen is not empty. */
export const ${name}Seed: SeedStep = {
  name: '${name}',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    for (const title of ['Welcome to ${Name}', 'A second ${name} item']) {
      const res = await call('${apiPrefix}', { body: { title } });
      if (!res.ok) throw new Error(\`seed ${name} item: HTTP \${res.status}\`);
    }
  },
};
`;

export function webPackageJson({ name }: DomainNames, versions: PinnedVersions): string {
  return json({ name: `@campus/${name}-web`, version: '0.1.0', private: true, dependencies: versions.web });
}

export const federationConfig = ({
  name,
}: DomainNames) => `import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The ${name} remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: '${name}',
  exposes: { './routes': './src/routes.tsx' },
} satisfies RemoteFederationConfig;
`;

export const remoteIndex =
  () => `// An async boundary: the federation runtime negotiates the shared singletons before any of them runs.
import('./bootstrap');
`;

export const remoteBootstrap = ({
  name,
  Name,
}: DomainNames) => `// Runs only when this remote is opened on its own (development build, /remotes/${name}/index.html#/...); the shell loads ./routes.
import '@campus/ui/tokens.css';
import { mountStandaloneRemote } from '@campus/web-kit/standalone-remote';
import ${Name}Routes from './routes';

mountStandaloneRemote(${Name}Routes);
`;

export const remoteRoutes = ({
  name,
  Name,
}: DomainNames) => `import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import ${Name}Page from './${name}-page';

/** Every route of the ${name} domain; the shell mounts this under its layout (see /remotes.json). */
export default function ${Name}Routes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/${name}" element={<${Name}Page />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
`;

export const remoteApi = ({
  name,
  Name,
  apiPrefix,
  contracts,
}: DomainNames) => `import { ${Name.toUpperCase()}_PAGE_SIZE, type ${Name}Item, type ${Name}ListResponse } from '@campus/contracts/${contracts}';
import type { ApiClient } from '@campus/web-kit/api-client';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export const ${name}QueryKeys = { all: ['${name}'] as const, list: ['${name}', 'list'] as const };

/** One page of GET ${apiPrefix}, for useLoadMoreList. */
export async function fetch${Name}Page(api: ApiClient, page: number, signal: AbortSignal): Promise<ListPage<${Name}Item>> {
  const body = await api.get<${Name}ListResponse>('${apiPrefix}', {
    query: { page, limit: ${Name.toUpperCase()}_PAGE_SIZE },
    signal,
  });
  return { items: body.data, hasMore: body.page < body.pages };
}
`;

export const remotePage = ({ name, Name, contracts }: DomainNames) => `import { useCallback } from 'react';
import { ${Name.toUpperCase()}_MESSAGES, type ${Name}Item } from '@campus/contracts/${contracts}';
import { Card } from '@campus/ui/card';
import { Container } from '@campus/ui/container';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useApiClient } from '@campus/web-kit/auth-context';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { fetch${Name}Page, ${name}QueryKeys } from './${name}-api';

const itemKey = (item: ${Name}Item) => item._id;

/** \`/${name}\`: the newest items, with Load More. */
export default function ${Name}Page() {
  usePageTitle('${Name}');
  const api = useApiClient();
  const fetchPage = useCallback((page: number, signal: AbortSignal) => fetch${Name}Page(api, page, signal), [api]);
  const list = useLoadMoreList({ queryKey: ${name}QueryKeys.list, fetchPage, getItemKey: itemKey });

  return (
    <Container>
      <PageHeader title="${Name}" subtitle="(what this screen is for)" />
      <section aria-label="${Name}" aria-busy={list.status === 'loading'}>
        {list.status === 'loading' && <Skeleton variant="card" label="Loading..." />}
        {list.status === 'error' && (
          <ErrorState message={\`Error loading ${name}: \${list.error?.message ?? 'Unknown error'}\`} onRetry={list.retry} />
        )}
        {list.status === 'empty' && <EmptyState title={${Name.toUpperCase()}_MESSAGES.empty} />}
        {list.status === 'results' && (
          <ul>
            {list.items.map((item) => (
              <Card as="li" key={item._id}>
                <strong>{item.title}</strong> {item.authorName && <span>by {item.authorName}</span>}
              </Card>
            ))}
          </ul>
        )}
        <LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
      </section>
    </Container>
  );
}
`;

export const domainDoc = (
  { name, Name, apiPrefix, port }: DomainNames,
  frontend: 'generated' | 'kept',
) => `# ${Name}

(What the ${name} domain is for, in two sentences, and which screens of the spec it serves.)

Generated by \`npm run new:domain ${name}\`; every file below is the domain's own to reshape.

## Where it lives

| what | where |
|---|---|
| service | \`services/${name}\` (schema \`${name}\`, database \`campus_${name}\`, port ${port} in \`npm run start:services\`) |
| contracts | \`packages/contracts/src/${name}.ts\` |
| remote | \`frontends/${name}\`${frontend === 'kept' ? ' (the existing placeholder, kept as it was)' : ''} |
| API | \`${apiPrefix}\` through the gateway |
| seed | \`infra/local/src/seeds/${name}.ts\` |

## API

| method | path | who | what |
|---|---|---|---|
| GET | \`${apiPrefix}?page=&limit=\` | anyone | newest first; 20 a page, at most 50 |
| POST | \`${apiPrefix}\` | signed-in user | \`{ title }\`; the author is the session's user |

The OpenAPI document is generated from the routes (\`/api/docs\` on the gateway).

## Events

| direction | event | why |
|---|---|---|
| consumes | \`identity.user.registered\` | member names for lists, without asking identity |

To emit an event: add it to \`packages/contracts/src/events.ts\`, list it in the service's
\`produces\`, name it in the domain's \`Transact<...>\`, then \`npm run topology\` if anyone consumes it.

## Tests

\`node --experimental-vm-modules node_modules/jest/bin/jest.js services/${name}\`: through HTTP on PGlite
(PostgreSQL when \`DATABASE_URL\` is set).
`;
