import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICES } from '../src/service-registry';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const composeFile = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const hasDockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;

function compose(...args: string[]) {
  return spawnSync('docker-compose', ['--env-file', '.env.example', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
}

/** The block of one compose service: from its `  name:` line to the next service. */
function serviceBlock(name: string): string {
  const match = new RegExp(`^  ${name}:\\n((?:    .*\\n|\\n)*)`, 'm').exec(composeFile);
  return match?.[1] ?? '';
}

describe('docker-compose.yml', () => {
  // CI sets REQUIRE_DOCKER_COMPOSE=1 so a machine without it fails instead of passing quietly.
  const withCompose = hasDockerCompose || process.env.REQUIRE_DOCKER_COMPOSE === '1' ? it : it.skip;

  withCompose('is valid for docker-compose with the example environment', () => {
    const result = compose('config', '-q');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  withCompose('runs every registered service, the gateway, PostgreSQL and RabbitMQ', () => {
    const services = compose('config', '--services').stdout.split('\n').filter(Boolean);
    for (const { definition } of SERVICES) expect(services).toContain(definition.name);
    expect(services).toEqual(expect.arrayContaining(['gateway', 'postgres', 'rabbitmq']));
  });

  it('every registered service can be scaled: no fixed host port, no container name', () => {
    expect(composeFile).not.toMatch(/container_name/);
    for (const { definition } of SERVICES) {
      const block = serviceBlock(definition.name);
      expect(block).toContain(`SERVICE: services/${definition.name}`);
      expect(block).not.toMatch(/^\s+ports:/m);
    }
  });

  it('every registered service has its database and its gateway upstream', () => {
    const databases = /CAMPUS_SERVICES: (.*)/.exec(composeFile)?.[1]?.split(/\s+/) ?? [];
    const gateway = serviceBlock('gateway');
    for (const { definition } of SERVICES) {
      expect(databases).toContain(definition.name);
      expect(serviceBlock(definition.name)).toContain(`@postgres:5432/campus_${definition.name}`);
      expect(gateway).toContain(
        `${definition.name.toUpperCase()}_SERVICE_URL: http://${definition.name}:8080`,
      );
    }
  });

  it('holds no secret: every credential comes from the environment', () => {
    expect(composeFile).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
    for (const key of ['POSTGRES_PASSWORD', 'RABBITMQ_DEFAULT_PASS', 'TEACHER_CODE', 'JWT_PRIVATE_KEY']) {
      for (const line of composeFile.split('\n').filter((l) => l.trim().startsWith(`${key}:`)))
        expect(line).toMatch(/\$\{/);
    }
  });
});

describe('RabbitMQ definitions', () => {
  const definitions = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'infra', 'rabbitmq', 'definitions.json'), 'utf8'),
  ) as {
    exchanges: Array<{ name: string; type: string; durable: boolean }>;
    queues: Array<{ name: string; durable: boolean; arguments: Record<string, unknown> }>;
    bindings: Array<{ source: string; destination: string; routing_key: string }>;
  };

  it('declare the durable topic exchange the services publish to', () => {
    expect(definitions.exchanges).toContainEqual(
      expect.objectContaining({ name: 'campus.events', type: 'topic', durable: true }),
    );
  });

  it('give every bound queue a dead-letter queue and retry queues that return to it, as the services declare them', () => {
    const names = new Set(definitions.queues.map((q) => q.name));
    for (const queue of new Set(definitions.bindings.map((b) => b.destination))) {
      expect(names).toContain(queue);
      expect(names).toContain(`${queue}.dlq`);
      for (const delay of [1000, 5000, 30000, 120000]) {
        const retry = definitions.queues.find((q) => q.name === `${queue}.retry.${delay}ms`);
        expect(retry?.arguments).toEqual({
          'x-message-ttl': delay,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': queue,
        });
      }
    }
  });
});
