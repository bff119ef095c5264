import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { z } from 'zod';
import { IDENTITY_FIELDS } from '@campus/contracts/api-operation';
import type { AnyRoute } from '@campus/service-kit/define-route';
import { declaredRoutes } from '../contracts-snapshot';
import type { RegisteredService } from '../service-registry';
import { GENERATED_HEADER, repoPath } from './generated-file';

/**
 * The browser's side of every declared route (`defineRoute`), written as one catalogue per service in
 * packages/contracts/src/generated/<service>-api.ts: method, path, access and, as types only, params
 * (from the path), query, body and answer. A body or answer whose schema the contracts export is
 * referenced by name (`z.output<typeof BookResponse>`); a schema written inline in a route (a query's
 * documentation form, a body that depends on the user's role) becomes an interface of its own. The
 * answers' schemas themselves go to `api-answer-schemas.ts`, which only tests and development builds
 * load, so checking every answer costs a production page nothing.
 */
const CONTRACTS_DIR = repoPath('packages', 'contracts', 'src');
export const GENERATED_CONTRACTS_DIR = path.join(CONTRACTS_DIR, 'generated');

interface SchemaName {
  module: string;
  exportName: string;
}

/** Every schema the contracts export, by identity, so a route's schema is found by the object it uses. */
function exportedSchemas(): Map<unknown, SchemaName> {
  const names = new Map<unknown, SchemaName>();
  const modules = fs
    .readdirSync(CONTRACTS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  for (const file of modules) {
    const module = file.replace(/\.ts$/, '');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exports = require(path.join(CONTRACTS_DIR, file)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports))
      if (value instanceof z.ZodType && !names.has(value)) names.set(value, { module, exportName });
  }
  return names;
}

/**
 * The browser never sends who acts (the client strips those fields), so a body that requires one could
 * never be sent: generation stops and says so, instead of a 400 for every student.
 */
function requiredIdentityFields(schema: z.ZodType): string[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  // A schema with an id is written as a reference into $defs, at the root and in a union.
  const resolved = (node: JsonObject): JsonObject =>
    typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')
      ? resolved(root.$defs?.[node.$ref.slice('#/$defs/'.length)] ?? {})
      : node;
  const top = resolved(root);
  const members = [top, ...(top.anyOf ?? top.oneOf ?? []).map(resolved)];
  return members.flatMap((member) =>
    (member.required ?? []).filter((field) => (IDENTITY_FIELDS as readonly string[]).includes(field)),
  );
}
interface JsonObject {
  $ref?: string;
  $defs?: Record<string, JsonObject>;
  required?: string[];
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The `:names` of an Express path, in order. */
export const pathParams = (routePath: string) =>
  [...routePath.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);

/** A schema as a TypeScript declaration named `name` (for schemas the contracts do not export). */
async function declaration(schema: z.ZodType, name: string, io: 'input' | 'output'): Promise<string> {
  const jsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete jsonSchema.$schema;
  const source = await compile(jsonSchema as never, name, {
    bannerComment: '',
    additionalProperties: false,
    format: false,
    declareExternallyReferenced: true,
    // An array with a short maxItems stays an array, not a union of every tuple length.
    maxItems: -1,
  });
  return source.trim();
}

interface ServiceCatalogue {
  file: string;
  content: string;
  /** `METHOD path` -> the answer's schema name, for api-answer-schemas.ts. */
  answers: Array<{ key: string; schema: SchemaName }>;
}

async function serviceCatalogue(
  service: RegisteredService,
  names: Map<unknown, SchemaName>,
): Promise<ServiceCatalogue> {
  const { definition } = service;
  const routes = declaredRoutes(definition);
  const imports = new Map<string, Set<string>>();
  const declarations: string[] = [];
  const answers: ServiceCatalogue['answers'] = [];
  const reference = (schema: SchemaName) => {
    const set = imports.get(schema.module) ?? new Set<string>();
    set.add(schema.exportName);
    imports.set(schema.module, set);
    return `typeof ${schema.exportName}`;
  };

  const entries: string[] = [];
  const seen = new Set<string>();
  for (const route of routes as AnyRoute[]) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(route.operationId))
      throw new Error(`${definition.name}: operationId '${route.operationId}' is not camelCase`);
    if (seen.has(route.operationId))
      throw new Error(`${definition.name}: two routes are named '${route.operationId}'`);
    seen.add(route.operationId);
    const Op = pascal(route.operationId);
    const method = route.method.toUpperCase();

    const params = pathParams(route.path);
    const paramsType = params.length ? `{ ${params.map((p) => `${p}: string`).join('; ')} }` : 'undefined';

    let queryType = 'undefined';
    const query = route.docs?.query ?? route.request?.query;
    if (query) {
      declarations.push(await declaration(query, `${Op}Query`, 'input'));
      queryType = `${Op}Query`;
    }

    let bodyType = 'undefined';
    const body = route.docs?.body ?? route.request?.body;
    if (route.docs?.upload) bodyType = 'FormData';
    else if (body) {
      const identity = requiredIdentityFields(body);
      if (identity.length)
        throw new Error(
          `${definition.name}: ${method} ${route.path} requires ${identity.join(', ')} in its body, which the session says and the browser never sends: make it optional and take it from the session`,
        );
      const named = names.get(body);
      let type: string;
      if (named) type = `z.input<${reference(named)}>`;
      else {
        declarations.push(await declaration(body, `${Op}Body`, 'input'));
        type = `${Op}Body`;
      }
      bodyType = `WithoutIdentity<${type}>`;
    }

    let answerType: string;
    const answer = names.get(route.response.body);
    if (route.stream) {
      // An event stream: the answer is each event's data by its name (what an EventSource hears).
      const events: string[] = [];
      for (const [event, schema] of Object.entries(route.stream.events)) {
        const named = names.get(schema);
        let type: string;
        if (named) type = `z.output<${reference(named)}>`;
        else {
          type = `${Op}${pascal(event)}Event`;
          declarations.push(await declaration(schema, type, 'output'));
        }
        events.push(`${JSON.stringify(event)}: ${type}`);
      }
      answerType = `{ ${events.join('; ')} }`;
    } else if (answer) {
      answerType = `z.output<${reference(answer)}>`;
      answers.push({ key: `${method} ${route.path}`, schema: answer });
    } else {
      declarations.push(await declaration(route.response.body, `${Op}Answer`, 'output'));
      answerType = `${Op}Answer`;
    }

    const upload = route.docs?.upload
      ? `, upload: '${route.docs.upload.field}'`
      : route.stream
        ? ', stream: true'
        : '';
    entries.push(
      `  /** ${method} ${route.path}: ${route.summary.replace(/\*\//g, '* /')} */\n` +
        `  ${route.operationId}: operation<{ params: ${paramsType}; query: ${queryType}; body: ${bodyType}; response: ${answerType} }>(` +
        `{ operationId: '${route.operationId}', method: '${method}', path: '${route.path}', access: '${route.access}'${upload} }),`,
    );
  }

  const importLines = [...imports.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, exported]) => `import type { ${[...exported].sort().join(', ')} } from '../${module}';`);
  const usesZod = imports.size > 0;
  const usesIdentity = entries.some((e) => e.includes('WithoutIdentity<'));
  const content = [
    GENERATED_HEADER,
    `/** ${definition.title}: every route services/${definition.name} declares, for the browser's typed client. */`,
    ...(usesZod ? [`import type { z } from 'zod';`] : []),
    usesIdentity
      ? `import { operation, type WithoutIdentity } from '../api-operation';`
      : `import { operation } from '../api-operation';`,
    ...importLines,
    '',
    ...declarations.map((d) => `${d}\n`),
    `export const ${definition.name}Api = {`,
    ...entries,
    '} as const;',
    '',
  ].join('\n');
  return { file: path.join(GENERATED_CONTRACTS_DIR, `${definition.name}-api.ts`), content, answers };
}

/** Every service's catalogue, and the answers' schemas keyed by `METHOD path`. */
export async function apiCatalogueFiles(
  services: ReadonlyArray<RegisteredService>,
): Promise<Array<{ file: string; content: string }>> {
  const names = exportedSchemas();
  const catalogues = [];
  for (const service of services) catalogues.push(await serviceCatalogue(service, names));

  const answers = catalogues.flatMap((c) => c.answers);
  const imports = new Map<string, Set<string>>();
  for (const { schema } of answers) {
    const set = imports.get(schema.module) ?? new Set<string>();
    set.add(schema.exportName);
    imports.set(schema.module, set);
  }
  const answerSchemas = [
    GENERATED_HEADER,
    '/**',
    " * The schema of every route's JSON answer by `METHOD path`: web-kit's client checks each answer",
    ' * against it in tests and development builds (installApiAnswerChecks), so a server that drifts from',
    ' * the contracts fails a test, not a student. Production builds never load this module.',
    ' */',
    `import type { z } from 'zod';`,
    ...[...imports.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([module, exported]) => `import { ${[...exported].sort().join(', ')} } from '../${module}';`),
    '',
    'export const apiAnswerSchemas: Record<string, z.ZodType> = {',
    ...answers.map(({ key, schema }) => `  '${key}': ${schema.exportName},`),
    '};',
    '',
  ].join('\n');

  return [
    ...catalogues.map(({ file, content }) => ({ file, content })),
    { file: path.join(GENERATED_CONTRACTS_DIR, 'api-answer-schemas.ts'), content: answerSchemas },
  ];
}
