import { declaredRoutes as routesOfModule } from '@campus/service-kit/personal-data';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { ErrorBody } from '@campus/contracts/common';
import { EventCatalogue } from '@campus/contracts/events';
import type { AnyRoute } from '@campus/service-kit/define-route';
import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { rejectsUnknownFields, schemaBreaks, type JsonSchema } from './contracts-schema-compat';
import { SERVICES } from './service-registry';

/**
 * The contracts other teams' releases rely on, as data (docs/adr/0083): the JSON Schema of every
 * event payload per name and version, of every API route's success response (and its request), and
 * each remote's exposed modules and paths. `npm run contracts:snapshot` commits them under
 * packages/contracts/snapshots; `npm run contracts:check` (and contracts-snapshot.test.ts, so CI)
 * compares the code with the committed files and fails on a change that breaks the previous
 * release, unless the old version stays alongside or is retired on purpose.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const SNAPSHOT_DIR = path.join(repoRoot, 'packages', 'contracts', 'snapshots');
export const RETIRED_FILE = path.join(SNAPSHOT_DIR, 'retired.json');
const REMOTES_FILE = path.join(repoRoot, 'shell', 'public', 'remotes.json');
const FRONTENDS_DIR = path.join(repoRoot, 'frontends');

export type Access = 'public' | 'user' | 'teacher';

export interface RouteContract {
  access: Access;
  /** What a client of the previous release sends: compared in the `accepted` direction. */
  request: { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema; upload?: string };
  /** Success status -> body schema: compared in the `produced` direction. */
  responses: Record<string, JsonSchema>;
}

export interface RemoteContract {
  /** Modules lent to the shell and other remotes (`./routes`, `./job-form`). */
  exposes: string[];
  /** The path prefixes remotes.json sends to it. */
  paths: string[];
  /** The paths its `./routes` module declares (users' bookmarks and other screens' links). */
  routes: string[];
}

export interface ContractSet {
  /** `<name> v<version>` -> payload schema. */
  events: Record<string, JsonSchema>;
  /** Service -> `METHOD /path` -> route. */
  api: Record<string, Record<string, RouteContract>>;
  remotes: Record<string, RemoteContract>;
  /** Schemas every service shares (the error body every failing call answers). */
  shared: Record<string, JsonSchema>;
}

/**
 * An event's name and version. Version 1 is the plain catalogue name; a breaking change to an
 * event is a new catalogue entry `<name>.v2` beside the old one, never an edit of the old one.
 */
export function eventVersion(catalogueName: string): { name: string; version: number } {
  const match = /^(.+)\.v(\d+)$/.exec(catalogueName);
  return match ? { name: match[1]!, version: Number(match[2]) } : { name: catalogueName, version: 1 };
}

/** The schema as consumers parse it: zod input mode (unknown keys are not an error in zod's default). */
export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

export function eventContracts(catalogue: Record<string, z.ZodType> = EventCatalogue): ContractSet['events'] {
  const events: ContractSet['events'] = {};
  for (const [catalogueName, schema] of Object.entries(catalogue)) {
    const { name, version } = eventVersion(catalogueName);
    const id = `${name} v${version}`;
    if (events[id]) throw new Error(`the event catalogue has two entries for ${id}`);
    events[id] = jsonSchemaOf(schema);
  }
  return events;
}

/**
 * A service's declared routes without starting it: `create` does no I/O (ServiceModule), so it is
 * given a database and a transact that throw if touched, and a configuration parsed from
 * placeholders (only identity reads any of it when creating its routes).
 */
export function declaredRoutes(definition: ServiceDefinition): ReadonlyArray<AnyRoute> {
  const untouchable = (what: string) =>
    new Proxy(() => undefined, {
      get: (_target, key) => {
        throw new Error(
          `${definition.name}.create used its ${what} (${String(key)}) while only declaring routes`,
        );
      },
      apply: () => {
        throw new Error(`${definition.name}.create used its ${what} while only declaring routes`);
      },
    });
  const config = definition.configSchema.parse({
    PORT: '0',
    JWT_PUBLIC_KEY: 'contracts-snapshot',
    JWT_PRIVATE_KEY: 'contracts-snapshot',
    TEACHER_CODE: 'contracts-snapshot',
  });
  const module = definition.create({
    config,
    db: untouchable('database') as never,
    transact: untouchable('transact') as never,
    logger: pino({ level: 'silent' }),
    now: () => new Date(0),
  });
  return routesOfModule(definition.name, module);
}

export function routeContract(route: AnyRoute): RouteContract {
  const query = route.docs?.query ?? route.request?.query;
  const body = route.docs?.body ?? route.request?.body;
  const request: RouteContract['request'] = {};
  if (route.request?.params) request.params = jsonSchemaOf(route.request.params);
  if (query) request.query = jsonSchemaOf(query);
  if (route.docs?.upload) request.upload = route.docs.upload.field;
  else if (body) request.body = jsonSchemaOf(body);
  return {
    access: route.access,
    request,
    responses: { [String(route.response.status ?? 200)]: jsonSchemaOf(route.response.body) },
  };
}

export const routeKey = (route: Pick<AnyRoute, 'method' | 'path'>) =>
  `${route.method.toUpperCase()} ${route.path}`;

export function apiContracts(services: ReadonlyArray<{ definition: ServiceDefinition }> = SERVICES) {
  const api: ContractSet['api'] = {};
  for (const { definition } of services) {
    const routes: Record<string, RouteContract> = {};
    for (const route of declaredRoutes(definition)) routes[routeKey(route)] = routeContract(route);
    api[definition.name] = routes;
  }
  return api;
}

/** The route paths a remote's `./routes` module declares (`<Route path="/jobs" ...>`), catch-all aside. */
export function declaredRoutePaths(source: string): string[] {
  const paths = [
    ...source.matchAll(/<Route\b[^>]*?\bpath=(?:"([^"]+)"|'([^']+)'|\{['"`]([^'"`]+)['"`]\})/g),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
  return [...new Set(paths.filter((p) => p !== '*'))].sort();
}

export async function remoteContracts(): Promise<ContractSet['remotes']> {
  const registry = JSON.parse(fs.readFileSync(REMOTES_FILE, 'utf8')) as Record<string, { paths: string[] }>;
  const remotes: ContractSet['remotes'] = {};
  for (const name of Object.keys(registry).sort()) {
    const dir = path.join(FRONTENDS_DIR, name);
    const imported = (await import(path.join(dir, 'federation.config.ts'))) as {
      default: { exposes: Record<string, string> } | { default: { exposes: Record<string, string> } };
    };
    const config = 'default' in imported.default ? imported.default.default : imported.default;
    const routesFile = config.exposes['./routes'];
    remotes[name] = {
      exposes: Object.keys(config.exposes).sort(),
      paths: [...registry[name]!.paths].sort(),
      routes: routesFile ? declaredRoutePaths(fs.readFileSync(path.join(dir, routesFile), 'utf8')) : [],
    };
  }
  return remotes;
}

export async function currentContracts(): Promise<ContractSet> {
  return {
    events: eventContracts(),
    api: apiContracts(),
    remotes: await remoteContracts(),
    shared: { 'error-body': jsonSchemaOf(ErrorBody) },
  };
}

// ---------------------------------------------------------------------------------------------
// The committed files: one per event version, per service, per remote, per shared schema.

const GENERATED =
  'Generated by npm run contracts:snapshot; npm run contracts:check fails on a change that breaks it (docs/adr/0083).';

/** Repo-relative file -> content, for the snapshot directory. */
export function snapshotFiles(contracts: ContractSet): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(contracts.events)) {
    const [name, version] = id.split(' ');
    files[`events/${name}.${version}.json`] = {
      $comment: GENERATED,
      title: `${name} ${version}`,
      ...(schema as object),
    };
  }
  for (const [service, routes] of Object.entries(contracts.api))
    files[`api/${service}.json`] = { $comment: GENERATED, service, routes };
  for (const [remote, contract] of Object.entries(contracts.remotes))
    files[`remotes/${remote}.json`] = { $comment: GENERATED, remote, ...contract };
  for (const [name, schema] of Object.entries(contracts.shared))
    files[`shared/${name}.json`] = { $comment: GENERATED, title: name, ...(schema as object) };
  return files;
}

const withoutNotes = ({ $comment: _c, title: _t, ...schema }: Record<string, unknown>) =>
  schema as JsonSchema;

/** The committed snapshot, read back into a ContractSet (empty when there is none yet). */
export function readSnapshot(dir = SNAPSHOT_DIR): ContractSet {
  const set: ContractSet = { events: {}, api: {}, remotes: {}, shared: {} };
  const read = (sub: string) =>
    fs.existsSync(path.join(dir, sub))
      ? fs
          .readdirSync(path.join(dir, sub))
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => ({
            base: f.slice(0, -'.json'.length),
            json: JSON.parse(fs.readFileSync(path.join(dir, sub, f), 'utf8')) as Record<string, unknown>,
          }))
      : [];
  for (const { base, json } of read('events')) {
    const match = /^(.+)\.(v\d+)$/.exec(base);
    if (!match)
      throw new Error(`packages/contracts/snapshots/events/${base}.json: not <name>.v<version>.json`);
    set.events[`${match[1]} ${match[2]}`] = withoutNotes(json);
  }
  for (const { base, json } of read('api')) set.api[base] = json.routes as Record<string, RouteContract>;
  for (const { base, json } of read('remotes')) {
    const { exposes, paths, routes } = json as unknown as RemoteContract;
    set.remotes[base] = { exposes, paths, routes };
  }
  for (const { base, json } of read('shared')) set.shared[base] = withoutNotes(json);
  return set;
}

/** Contract ids removed on purpose, each with why nothing of the previous release needs it any more. */
export function readRetired(file = RETIRED_FILE): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  return ((JSON.parse(fs.readFileSync(file, 'utf8')) as { retired?: Record<string, string> }).retired ??
    {}) as Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// The comparison.

export interface ContractReport {
  /** Changes that break the previous release of a producer's consumers or of a service's clients. */
  breaking: string[];
  /** Event payloads and responses whose schema rejects unknown fields: readers must ignore them. */
  strictReaders: string[];
  /** Retirements without a reason worth the name. */
  badRetirements: string[];
  /** Safe changes the committed snapshot does not have yet (run npm run contracts:snapshot). */
  outOfDate: string[];
}

const ACCESS_RANK: Record<Access, number> = { public: 0, user: 1, teacher: 2 };
const canonical = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => sortKeys(v));
function sortKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * `committed` is what the previous release promised; `current` is the code. Every entry of
 * `committed` must still be there and still keep its promise, unless its id is in `retired`.
 */
export function compareContracts(
  committed: ContractSet,
  current: ContractSet,
  retired: Record<string, string> = {},
): ContractReport {
  const breaking: string[] = [];
  const outOfDate: string[] = [];
  const gone = (id: string, what: string) => {
    if (!(id in retired)) breaking.push(`${id}: ${what}`);
  };
  /** Every entry of a section, old or new: what differs from the committed file is out of date. */
  const noteAll = (prefix: string, before: Record<string, unknown>, after: Record<string, unknown>) => {
    for (const id of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      if (!(id in before)) outOfDate.push(`${prefix}${id}: new`);
      else if (!(id in after)) outOfDate.push(`${prefix}${id}: removed`);
      else if (canonical(before[id]) !== canonical(after[id])) outOfDate.push(`${prefix}${id}: changed`);
    }
  };

  for (const [id, schema] of Object.entries(committed.events)) {
    const now = current.events[id];
    if (now === undefined)
      gone(`event ${id}`, 'removed or renamed (keep it beside its new version, or retire it)');
    else breaking.push(...schemaBreaks(schema, now, 'produced', 'payload').map((p) => `event ${id}: ${p}`));
  }
  noteAll('event ', committed.events, current.events);

  for (const [service, routes] of Object.entries(committed.api)) {
    for (const [key, before] of Object.entries(routes)) {
      const id = `api ${service} ${key}`;
      const after = current.api[service]?.[key];
      if (!after) {
        gone(id, 'route removed (keep it beside its new version, or retire it)');
        continue;
      }
      if (ACCESS_RANK[after.access] > ACCESS_RANK[before.access])
        breaking.push(`${id}: access ${before.access} -> ${after.access}`);
      for (const [status, schema] of Object.entries(before.responses)) {
        const now = after.responses[status];
        if (now === undefined) breaking.push(`${id}: response ${status} removed`);
        else
          breaking.push(...schemaBreaks(schema, now, 'produced', `${status} body`).map((p) => `${id}: ${p}`));
      }
      if (before.request.upload !== after.request.upload)
        breaking.push(
          `${id}: upload field ${before.request.upload ?? 'none'} -> ${after.request.upload ?? 'none'}`,
        );
      for (const part of ['params', 'query', 'body'] as const) {
        const was = before.request[part];
        const now = after.request[part];
        if (was === undefined && now === undefined) continue;
        // No schema: nothing was read (a new one must accept an empty request); none now: nothing is read.
        breaking.push(
          ...schemaBreaks(was ?? { type: 'object' }, now ?? true, 'accepted', `request ${part}`).map(
            (p) => `${id}: ${p}`,
          ),
        );
      }
    }
  }
  for (const service of new Set([...Object.keys(committed.api), ...Object.keys(current.api)]))
    noteAll(`api ${service} `, committed.api[service] ?? {}, current.api[service] ?? {});

  for (const [remote, before] of Object.entries(committed.remotes)) {
    const after = current.remotes[remote] ?? { exposes: [], paths: [], routes: [] };
    for (const [kind, list] of [
      ['module', 'exposes'],
      ['path', 'paths'],
      ['route', 'routes'],
    ] as const)
      for (const item of before[list])
        if (!after[list].includes(item)) gone(`remote ${remote} ${kind} ${item}`, 'removed');
  }
  noteAll('remote ', committed.remotes, current.remotes);

  for (const [name, schema] of Object.entries(committed.shared)) {
    const now = current.shared[name];
    if (now === undefined) gone(`shared ${name}`, 'removed');
    else breaking.push(...schemaBreaks(schema, now, 'produced', 'body').map((p) => `shared ${name}: ${p}`));
  }
  noteAll('shared ', committed.shared, current.shared);

  const strictReaders = [
    ...Object.entries(current.events).flatMap(([id, s]) => rejectsUnknownFields(s, `event ${id} payload`)),
    ...Object.entries(current.api).flatMap(([service, routes]) =>
      Object.entries(routes).flatMap(([key, route]) =>
        Object.entries(route.responses).flatMap(([status, s]) =>
          rejectsUnknownFields(s, `api ${service} ${key} ${status} body`),
        ),
      ),
    ),
  ].map(
    (where) => `${where}: rejects unknown fields (.strict()); consumers must ignore fields they do not know`,
  );

  const badRetirements = Object.entries(retired)
    .filter(([, reason]) => typeof reason !== 'string' || reason.trim().length < 20)
    .map(([id]) => `${id}: a retirement needs its reason (why nothing of the previous release uses it)`);

  return { breaking: [...new Set(breaking)], strictReaders, badRetirements, outOfDate };
}

/** The report as the command prints it; empty when there is nothing to say. */
export function renderReport(report: ContractReport): string {
  const lines: string[] = [];
  const list = (items: string[]) => items.map((item) => `  - ${item}`);
  if (report.breaking.length)
    lines.push(
      `${report.breaking.length} breaking change(s) against packages/contracts/snapshots:`,
      ...list(report.breaking),
      'Keep the old version beside the new one (event <name>.v2, a new route path, a new exposed module),',
      'or, once nothing of the previous release uses it, retire it in packages/contracts/snapshots/retired.json',
      'with the reason. The snapshot is not rewritten while a change breaks it.',
    );
  if (report.strictReaders.length)
    lines.push('Readers that reject unknown fields:', ...list(report.strictReaders));
  if (report.badRetirements.length)
    lines.push('Retirements without a reason:', ...list(report.badRetirements));
  if (report.outOfDate.length)
    lines.push(
      `The snapshot is out of date (${report.outOfDate.length} safe change(s)):`,
      ...list(report.outOfDate),
      'Run npm run contracts:snapshot and commit packages/contracts/snapshots.',
    );
  return lines.join('\n');
}

export const failsCheck = (r: ContractReport) =>
  r.breaking.length + r.strictReaders.length + r.badRetirements.length + r.outOfDate.length > 0;

/** What `contracts:snapshot` may write: only when nothing breaks the committed promises. */
export const blocksSnapshot = (r: ContractReport) =>
  r.breaking.length + r.strictReaders.length + r.badRetirements.length > 0;
