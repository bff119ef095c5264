import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GatewayConfig } from '@campus/gateway/config';
import { SERVICES } from './service-registry';

/**
 * docs/configuration.md, generated from the zod schemas every process validates its environment
 * with (`npm run docs:config`), and from docker-compose.yml for what compose sets. A test compares
 * the committed file with this, so the reference cannot drift from the code.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const CONFIGURATION_DOC = path.join(repoRoot, 'docs', 'configuration.md');

export interface Setting {
  name: string;
  readBy: string[];
  /** Default per process; most settings have one default everywhere. */
  defaults: Map<string, string>;
  values: string;
  description: string | undefined;
}

type Shape = Record<string, z.ZodType>;

function describeDefault(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success) return 'required';
  const value: unknown = parsed.data;
  if (value === undefined) return 'unset';
  if (Array.isArray(value)) return value.length ? `\`${value.join(',')}\`` : 'empty';
  if (value === '') return 'empty';
  return `\`${String(value)}\``;
}

function describeValues(json: Record<string, unknown>): string {
  if (Array.isArray(json.enum)) return json.enum.map((v) => `\`${String(v)}\``).join(', ');
  const parts: string[] = [];
  const type = json.type === 'integer' ? 'whole number' : (json.type as string | undefined);
  if (json.format === 'uri') parts.push('URL');
  else if (type) parts.push(type);
  const big = 2 ** 52;
  if (typeof json.minimum === 'number' && Math.abs(json.minimum) < big) parts.push(`>= ${json.minimum}`);
  if (typeof json.maximum === 'number' && Math.abs(json.maximum) < big) parts.push(`<= ${json.maximum}`);
  if (typeof json.minLength === 'number' && json.minLength > 1) parts.push(`${json.minLength}+ characters`);
  return parts.join(' ');
}

/** Every setting of every process, merged by name (LOG_LEVEL is read by all of them). */
export function collectSettings(): Setting[] {
  const processes: Array<{ name: string; schema: z.ZodObject<Shape> }> = [
    { name: 'gateway', schema: GatewayConfig as unknown as z.ZodObject<Shape> },
    ...SERVICES.map(({ definition }) => ({
      name: definition.name,
      schema: definition.configSchema as unknown as z.ZodObject<Shape>,
    })),
  ];
  const byName = new Map<string, Setting>();
  for (const { name: processName, schema } of processes) {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, Record<string, unknown>>;
    };
    for (const [key, field] of Object.entries(schema.shape)) {
      const existing = byName.get(key);
      const description = field.description ?? (json.properties[key]?.description as string | undefined);
      if (existing) {
        existing.readBy.push(processName);
        existing.defaults.set(processName, describeDefault(field));
        existing.description ??= description;
      } else
        byName.set(key, {
          name: key,
          readBy: [processName],
          defaults: new Map([[processName, describeDefault(field)]]),
          values: describeValues(json.properties[key] ?? {}),
          description,
        });
    }
  }
  return [...byName.values()];
}

/** `KEY: value` lines of each compose service's environment, with the shared `<<: *service-env` block. */
export function composeEnvironment(composeText: string): Map<string, Map<string, string>> {
  const blockLines = (start: RegExp, indent: number): string[] => {
    const lines = composeText.split('\n');
    const at = lines.findIndex((l) => start.test(l));
    if (at < 0) return [];
    const out: string[] = [];
    for (const line of lines.slice(at + 1)) {
      if (line.trim() === '') continue;
      if (line.length - line.trimStart().length < indent) break;
      out.push(line);
    }
    return out;
  };
  const pairs = (lines: string[], indent: number) =>
    new Map(
      lines
        .filter((l) => l.length - l.trimStart().length === indent)
        .map((l) => /^\s*([A-Z][A-Z0-9_]*):\s*(.*)$/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1]!, m[2]!.replace(/^'(.*)'$/, '$1')]),
    );
  const shared = pairs(blockLines(/^x-service-env:/, 2), 2);
  const result = new Map<string, Map<string, string>>();
  for (const processName of ['gateway', ...SERVICES.map((s) => s.definition.name)]) {
    const service = blockLines(new RegExp(`^  ${processName}:\\s*$`), 4);
    const envAt = service.findIndex((l) => /^ {4}environment:/.test(l));
    if (envAt < 0) continue;
    const envLines: string[] = [];
    for (const line of service.slice(envAt + 1)) {
      if (line.length - line.trimStart().length <= 4) break;
      envLines.push(line);
    }
    const env = new Map<string, string>();
    if (envLines.some((l) => l.includes('<<: *service-env'))) for (const [k, v] of shared) env.set(k, v);
    for (const [k, v] of pairs(envLines, 6)) env.set(k, v);
    result.set(processName, env);
  }
  return result;
}

function composeCell(setting: Setting, compose: Map<string, Map<string, string>>): string {
  const seen = new Set<string>();
  for (const processName of setting.readBy) {
    const value = compose.get(processName)?.get(setting.name);
    if (value === undefined) continue;
    const variable = /\$\{([A-Z][A-Z0-9_]*)/.exec(value)?.[1];
    seen.add(
      variable && value.trim().startsWith('${') && value.trim().endsWith('}')
        ? `\`.env\` ${variable}`
        : 'set in compose',
    );
  }
  return seen.size ? [...seen].join('; ') : 'default';
}

/** What the two local runners do with a setting (infra/local/src/platform.ts, multi-process/). */
function runnerCells(setting: Setting): [string, string] {
  const { name } = setting;
  if (name === 'PORT')
    return ['gateway: `PORT`; services: free ports', 'gateway: `PORT`; services: fixed ports'];
  if (name === 'HOST') return ['env', 'gateway: `HOST`; services: 127.0.0.1'];
  if (name.endsWith('_SERVICE_URL')) return ['wired by the runner', 'wired by the runner'];
  if (name === 'WEB_ROOT') return ['the web build', 'the web build, if built'];
  if (name === 'DATABASE_URL')
    return ['not read (PGlite in `DATA_DIR`)', 'server from env; a database per service'];
  if (name === 'AMQP_URL') return ['not read (in-process bus)', 'env (default local RabbitMQ)'];
  if (['JWT_PUBLIC_KEY', 'JWT_PRIVATE_KEY', 'TEACHER_CODE', 'UNSUBSCRIBE_SECRET'].includes(name))
    return ['env, else generated in `DATA_DIR`', 'env, else generated in `DATA_DIR`'];
  if (name === 'COOKIE_SECURE')
    return ['env (default `false`: plain http)', 'env (default `false`: plain http)'];
  return ['env', 'env'];
}

function defaultCell(setting: Setting): string {
  const groups = new Map<string, string[]>();
  for (const [processName, value] of setting.defaults)
    groups.set(value, [...(groups.get(value) ?? []), processName]);
  if (groups.size === 1) return [...groups.keys()][0]!;
  return [...groups].map(([value, names]) => `${value} (${names.join(', ')})`).join('; ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderConfigurationDoc(composeText: string): string {
  const compose = composeEnvironment(composeText);
  const rows = collectSettings()
    .sort((a, b) => a.readBy[0]!.localeCompare(b.readBy[0]!) || a.name.localeCompare(b.name))
    .map((s) => {
      const [embedded, multi] = runnerCells(s);
      return `| \`${s.name}\` | ${s.readBy.join(', ')} | ${cell(defaultCell(s))} | ${cell(s.values)} | ${cell(s.description ?? '')} | ${embedded} | ${multi} | ${composeCell(s, compose)} |`;
    });
  return `# Configuration

Every process (the gateway and each service) reads its settings from environment variables once, at
start, through a zod schema (\`gateway/src/config.ts\`, \`services/<name>/src/config.ts\`, the shared
\`packages/service-kit/src/config.ts\`). A missing or invalid value stops that process with every problem
listed; nothing starts half-configured.

This page is generated from those schemas and from \`docker-compose.yml\` by \`npm run docs:config\`; a test
fails when it is out of date.

## The three ways to run

- **\`npm start\`** (embedded): the environment of \`npm start\` reaches every service and the gateway.
  Generated values (signing keys, the faculty code in \`DATA_DIR/secrets\`) are used only where the
  environment sets none. A variable prefixed with a process's name applies to that process only and wins
  over the plain one: \`LIBRARY_LOG_LEVEL=debug npm start\`. Ports, storage and the wiring between
  processes are the runner's (column "npm start").
- **\`npm run start:services\`** (a process per service): the same rules; each service gets its own
  database on the PostgreSQL server at \`DATABASE_URL\` and the broker at \`AMQP_URL\`.
- **docker compose**: each container gets exactly the variables its \`environment:\` block in
  \`docker-compose.yml\` sets, mostly from \`.env\` (see \`.env.example\`); any other setting keeps its default
  unless you add it there.

The runners themselves also read \`PORT\` (the gateway's, default 8080), \`HOST\`, \`DATA_DIR\` (default
\`.data\`) and \`LOG_LEVEL\`.

## Every setting

| Setting | Read by | Default | Values | What it does | npm start | start:services | compose |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

export function readComposeFile(): string {
  return fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
}
