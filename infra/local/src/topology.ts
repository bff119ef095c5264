import fs from 'node:fs';
import path from 'node:path';
import { consumerQueues, DEFAULT_EXCHANGE } from '@campus/service-kit/bus/rabbitmq-bus';
import { SERVICES, type RegisteredService } from './platform-registry';

/**
 * The platform's topology follows from the service registry: what each service is called, what it
 * consumes. `infra/rabbitmq/definitions.json` is generated from here (`npm run topology`);
 * docker-compose.yml is kept by hand (it has comments and choices per service) and checked against
 * the registry by `composeDrift`, which names every difference. Both run in
 * infra/local/test/compose-topology.test.ts.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const BROKER_DEFINITIONS_FILE = path.join(repoRoot, 'infra', 'rabbitmq', 'definitions.json');
export const COMPOSE_FILE = path.join(repoRoot, 'docker-compose.yml');

/**
 * What a service may be called: the name is also its PostgreSQL schema and database
 * (`campus_<name>`), its queue (which the dead-letter policy matches), its compose service and the
 * prefix of the gateway's `<NAME>_SERVICE_URL`. Lower-case letters only keeps all of those valid.
 */
export const SERVICE_NAME = /^[a-z]+$/;

export const databaseName = (service: string) => `campus_${service}`;
export const serviceUrlVariable = (service: string) => `${service.toUpperCase()}_SERVICE_URL`;
/** Compose services that are not domain services. */
export const INFRASTRUCTURE_SERVICES = ['gateway', 'postgres', 'rabbitmq'] as const;

const VHOST = '/';
/** Dead-letter queues are capped so a flood of poison messages cannot fill the broker's disk. */
const DEAD_LETTER_POLICY = {
  vhost: VHOST,
  name: 'campus-dead-letters',
  pattern: '^[a-z-]+\\.dlq$',
  'apply-to': 'queues',
  priority: 10,
  definition: { 'max-length': 1_000_000, overflow: 'drop-head' },
};

/** RabbitMQ's definitions format (what `rabbitmqctl import_definitions` reads). */
export function brokerDefinitions(services: ReadonlyArray<RegisteredService> = SERVICES) {
  const definitions = services.map((s) => s.definition);
  return {
    rabbit_version: '3.13.0',
    vhosts: [{ name: VHOST }],
    exchanges: [
      {
        name: DEFAULT_EXCHANGE,
        vhost: VHOST,
        type: 'topic',
        durable: true,
        auto_delete: false,
        internal: false,
        arguments: {},
      },
    ],
    // Every service owns its queue (with its retry and dead-letter queues) from its first release,
    // whether or not it consumes yet: a broker whose service users may not declare queues (no
    // `configure` permission) still has it, and a consumer added later needs only its bindings.
    queues: definitions.flatMap((d) =>
      consumerQueues(d.name).map((queue) => ({
        name: queue.name,
        vhost: VHOST,
        durable: true,
        auto_delete: false,
        arguments: queue.arguments,
      })),
    ),
    bindings: definitions.flatMap((d) =>
      [...new Set<string>(d.consumes)].map((event) => ({
        source: DEFAULT_EXCHANGE,
        vhost: VHOST,
        destination: d.name,
        destination_type: 'queue',
        routing_key: event,
        arguments: {},
      })),
    ),
    policies: [DEAD_LETTER_POLICY],
  };
}

export const renderBrokerDefinitions = (services?: ReadonlyArray<RegisteredService>) =>
  `${JSON.stringify(brokerDefinitions(services), null, 2)}\n`;

/** The registry's own rules, for names the rest of the topology is built from. */
export function registryProblems(services: ReadonlyArray<RegisteredService> = SERVICES): string[] {
  const problems: string[] = [];
  const producers = new Map<string, string>();
  const names = new Set<string>();
  const ports = new Set<number>();
  for (const { definition, port } of services) {
    const { name } = definition;
    if (!SERVICE_NAME.test(name))
      problems.push(`service '${name}': a name is lower-case letters only (${SERVICE_NAME})`);
    if (names.has(name)) problems.push(`service '${name}' is registered twice`);
    names.add(name);
    if (ports.has(port)) problems.push(`service '${name}': port ${port} is taken by another service`);
    ports.add(port);
    if (!new RegExp(DEAD_LETTER_POLICY.pattern).test(`${name}.dlq`))
      problems.push(
        `service '${name}': its dead-letter queue escapes the policy ${DEAD_LETTER_POLICY.pattern}`,
      );
    for (const event of definition.produces as readonly string[]) {
      if (!event.startsWith(`${name}.`))
        problems.push(`service '${name}' produces '${event}': an event is named after its producer`);
      const other = producers.get(event);
      if (other) problems.push(`'${event}' is produced by both '${other}' and '${name}'`);
      producers.set(event, name);
    }
  }
  return problems;
}

export function readComposeFile(): string {
  return fs.readFileSync(COMPOSE_FILE, 'utf8');
}

/** The names under `services:` of a compose file (two-space indented keys). */
export function composeServiceNames(composeText: string): string[] {
  const body = /^services:\n((?:(?: {2}.*)?\n)*)/m.exec(composeText)?.[1] ?? '';
  return [...body.matchAll(/^ {2}([a-z][\w-]*):\s*$/gm)].map((m) => m[1]!);
}

/** The remotes the shell loads (shell/public/remotes.json), each deployed as its own frontend. */
export function registeredRemotes(): string[] {
  const file = path.join(repoRoot, 'shell', 'public', 'remotes.json');
  return Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
}

/** The block of one compose service: from its `  name:` line to the next service. */
export function composeServiceBlock(composeText: string, name: string): string {
  const match = new RegExp(`^ {2}${name}:\\n((?: {4}.*\\n|\\n)*)`, 'm').exec(composeText);
  return match?.[1] ?? '';
}

/** The nested block under `key:` (at `indent` spaces) inside a service block. */
function nestedBlock(block: string, key: string, indent: number): string {
  const lines = block.split('\n');
  const at = lines.findIndex((l) => l === `${' '.repeat(indent)}${key}:`);
  if (at < 0) return '';
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() && line.length - line.trimStart().length <= indent) break;
    out.push(line);
  }
  return out.join('\n');
}

export const campusServices = (composeText: string): string[] =>
  /^\s+CAMPUS_SERVICES: (.*)$/m.exec(composeText)?.[1]?.trim().split(/\s+/) ?? [];

/**
 * Every way docker-compose.yml differs from the registry, each said so that the fix is obvious.
 * Empty when they agree.
 */
export function composeDrift(
  composeText: string,
  services: ReadonlyArray<RegisteredService> = SERVICES,
  remotes: ReadonlyArray<string> = registeredRemotes(),
): string[] {
  const problems: string[] = [];
  const names = services.map((s) => s.definition.name);
  const gateway = composeServiceBlock(composeText, 'gateway');
  const gatewayEnv = nestedBlock(gateway, 'environment', 4);
  const gatewayDependsOn = nestedBlock(gateway, 'depends_on', 4);

  for (const name of names) {
    const block = composeServiceBlock(composeText, name);
    if (!block) {
      problems.push(`docker-compose.yml has no service '${name}' (copy another service's block)`);
      continue;
    }
    const expectLine = (line: string, why: string) => {
      if (!block.split('\n').some((l) => l.trim() === line))
        problems.push(`service '${name}' lacks \`${line}\` (${why})`);
    };
    expectLine('<<: *service', 'the shared service settings');
    expectLine(`SERVICE: services/${name}`, 'the build arg that picks what the image holds');
    expectLine(`image: campus-connect/${name}`, 'its image name');
    expectLine('<<: *service-env', 'the shared environment');
    const databaseUrl = /^\s+DATABASE_URL: (.*)$/m.exec(block)?.[1];
    if (!databaseUrl?.endsWith(`@postgres:5432/${databaseName(name)}`))
      problems.push(
        `service '${name}': DATABASE_URL must name its own database ${databaseName(name)} on postgres:5432, not ${databaseUrl ?? 'nothing'}`,
      );
    if (/^\s+ports:/m.test(block))
      problems.push(`service '${name}' publishes a port: only the gateway does, so replicas can scale`);
    if (!gatewayEnv.split('\n').includes(`      ${serviceUrlVariable(name)}: http://${name}:8080`))
      problems.push(`the gateway's environment lacks \`${serviceUrlVariable(name)}: http://${name}:8080\``);
    if (!new RegExp(`^ {6}${name}:\\n {8}condition: service_healthy$`, 'm').test(gatewayDependsOn))
      problems.push(`the gateway does not depend on '${name}' being healthy (depends_on)`);
  }

  // The frontends (ADR 0084): the shell and each remote of shell/public/remotes.json, each its own
  // container the gateway forwards to (one WEB_<NAME>_URL line each), none publishing a port.
  const frontends = ['shell', ...remotes];
  for (const app of frontends) {
    const service = `web-${app}`;
    const block = composeServiceBlock(composeText, service);
    if (!block) {
      problems.push(`docker-compose.yml has no frontend '${service}' (copy another web-* block)`);
      continue;
    }
    for (const [line, why] of [
      ['<<: *web', 'the shared frontend settings'],
      ['dockerfile: infra/docker/web.Dockerfile', 'the frontend image recipe'],
      [`APP: ${app}`, 'the build arg that picks what the image holds'],
      [`BASE_PATH: ${app === 'shell' ? '/' : `/remotes/${app}/`}`, 'the path the gateway forwards'],
    ] as const)
      if (!block.split('\n').some((l) => l.trim() === line))
        problems.push(`frontend '${service}' lacks \`${line}\` (${why})`);
    if (/^\s+ports:/m.test(block))
      problems.push(`frontend '${service}' publishes a port: only the gateway does`);
    const variable = app === 'shell' ? 'WEB_SHELL_URL' : `WEB_${app.toUpperCase()}_URL`;
    if (!gatewayEnv.split('\n').includes(`      ${variable}: http://${service}:8080`))
      problems.push(`the gateway's environment lacks \`${variable}: http://${service}:8080\``);
  }

  const extra = composeServiceNames(composeText).filter(
    (n) =>
      !names.includes(n) &&
      !(INFRASTRUCTURE_SERVICES as readonly string[]).includes(n) &&
      !frontends.map((app) => `web-${app}`).includes(n),
  );
  for (const name of extra)
    problems.push(`docker-compose.yml runs '${name}', which is not in infra/local/src/platform-registry.ts`);
  for (const m of gatewayEnv.matchAll(/^ {6}([A-Z]+)_SERVICE_URL:/gm))
    if (!names.includes(m[1]!.toLowerCase()))
      problems.push(`the gateway's environment names ${m[1]}_SERVICE_URL, a service that is not registered`);

  const databases = campusServices(composeText);
  if (databases.join(' ') !== names.join(' '))
    problems.push(
      `postgres: CAMPUS_SERVICES is '${databases.join(' ')}', the registry says '${names.join(' ')}' (one database each)`,
    );
  const last = names.at(-1);
  const healthcheck = composeServiceBlock(composeText, 'postgres');
  if (last && !healthcheck.includes(`-d ${databaseName(last)}'`))
    problems.push(
      `postgres: the healthcheck must wait for the last database created, ${databaseName(last)} (so services never start before it exists)`,
    );
  return problems;
}
