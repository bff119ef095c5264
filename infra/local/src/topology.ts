import path from 'node:path';
import { consumerQueues, DEFAULT_EXCHANGE } from '@campus/service-kit/bus/rabbitmq-bus';
import { SERVICES, type RegisteredService } from './service-registry';

/**
 * The platform's topology follows from the platform registry: what each service is called, what it
 * consumes. `infra/rabbitmq/definitions.json` is generated from here by `npm run generate`, with
 * docker-compose.yml and the rest (infra/local/src/generation/generated-files.ts).
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const BROKER_DEFINITIONS_FILE = path.join(repoRoot, 'infra', 'rabbitmq', 'definitions.json');

/**
 * What a service may be called: the name is also its PostgreSQL schema and database
 * (`campus_<name>`), its queue (which the dead-letter policy matches), its compose service and the
 * prefix of the gateway's `<NAME>_SERVICE_URL`. Lower-case letters only keeps all of those valid.
 */
export const SERVICE_NAME = /^[a-z]+$/;

export const databaseName = (service: string) => `campus_${service}`;
export const serviceUrlVariable = (service: string) => `${service.toUpperCase()}_SERVICE_URL`;

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
