import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { API_ROUTES } from '@campus/gateway/route-table';
import { COMPOSE_FILE, PROMETHEUS_CONFIG } from '../src/generation/compose-file';
import { REMOTES, SERVICES } from '../src/service-registry';
import { registryProblems } from '../src/topology';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** The compose profile `observability`'s containers (issue 29 §3). */
const OBSERVABILITY = ['otel-collector', 'jaeger', 'prometheus', 'grafana'];
const composeFile = fs.readFileSync(COMPOSE_FILE, 'utf8');
const hasDockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;

function compose(...args: string[]) {
  return spawnSync('docker-compose', ['--env-file', '.env.example', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
}

describe('docker-compose.yml', () => {
  // CI sets REQUIRE_DOCKER_COMPOSE=1 so a machine without it fails instead of passing quietly.
  const withCompose = hasDockerCompose || process.env.REQUIRE_DOCKER_COMPOSE === '1' ? it : it.skip;

  withCompose('is valid for docker-compose with the example environment', () => {
    const result = compose('config', '-q');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  withCompose('runs every registered service and frontend, the gateway, PostgreSQL and RabbitMQ', () => {
    const services = compose('config', '--services').stdout.split('\n').filter(Boolean);
    expect(services.sort()).toEqual(
      [
        ...SERVICES.map((s) => s.definition.name),
        ...['shell', ...REMOTES.map((r) => r.name)].map((app) => `web-${app}`),
        'gateway',
        'postgres',
        'rabbitmq',
        ...OBSERVABILITY,
      ].sort(),
    );
  });

  it('runs the collector, Jaeger, Prometheus and Grafana only in the observability profile, and nothing else there', () => {
    const { services } = parse(composeFile, { merge: true }) as {
      services: Record<string, { profiles?: string[] }>;
    };
    const inProfile = Object.entries(services)
      .filter(([, service]) => service.profiles?.includes('observability'))
      .map(([name]) => name);
    expect(inProfile.sort()).toEqual([...OBSERVABILITY].sort());
    for (const name of OBSERVABILITY) expect(services[name]?.profiles).toEqual(['observability']);
  });

  it('sends traces only where the environment says: every service and the gateway read OTEL_EXPORTER_OTLP_ENDPOINT, empty by default', () => {
    const { services } = parse(composeFile, { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    for (const name of ['gateway', ...SERVICES.map((s) => s.definition.name)])
      expect([name, services[name]?.environment?.OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([
        name,
        '${OTEL_EXPORTER_OTLP_ENDPOINT:-}',
      ]);
  });

  it("Prometheus scrapes the gateway's metrics port and every service, each as the job the dashboard names", () => {
    const config = parse(fs.readFileSync(PROMETHEUS_CONFIG, 'utf8')) as {
      scrape_configs: Array<{ job_name: string; dns_sd_configs: Array<{ names: string[]; port: number }> }>;
    };
    const { services } = parse(composeFile, { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    expect(
      config.scrape_configs.map((c) => [c.job_name, c.dns_sd_configs[0]?.names, c.dns_sd_configs[0]?.port]),
    ).toEqual([
      ['gateway', ['gateway'], Number(services.gateway?.environment?.METRICS_PORT)],
      ...SERVICES.map((s) => [s.definition.name, [s.definition.name], 8080]),
    ]);
  });

  it('no container has a fixed name, so every service can be scaled', () => {
    expect(composeFile).not.toMatch(/container_name/);
  });

  it('runs a gateway without frontends: they are containers of their own it forwards to', () => {
    const gatewayImage = fs.readFileSync(path.join(repoRoot, 'infra/docker/gateway.Dockerfile'), 'utf8');
    expect(gatewayImage).not.toMatch(/build:web|dist\/web|WEB_ROOT/);
    expect(composeFile).not.toMatch(/WEB_ROOT/);
  });

  it('holds no secret: every credential comes from the environment', () => {
    expect(composeFile).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
    for (const key of ['POSTGRES_PASSWORD', 'RABBITMQ_DEFAULT_PASS', 'TEACHER_CODE', 'JWT_PRIVATE_KEY']) {
      for (const line of composeFile.split('\n').filter((l) => l.trim().startsWith(`${key}:`)))
        expect(line).toMatch(/\$\{/);
    }
  });
});

describe('the service registry', () => {
  it('names services, ports and events so that the topology built from it is valid', () => {
    expect(registryProblems()).toEqual([]);
  });

  it('every registered service is reachable through the gateway route table', () => {
    const routed = new Set(API_ROUTES.map((route) => route.service));
    expect(SERVICES.map((s) => s.definition.name).filter((name) => !routed.has(name))).toEqual([]);
  });

  it('the backups in docs/operations.md cover the databases compose creates, not a list of their own', () => {
    const operations = fs.readFileSync(path.join(repoRoot, 'docs', 'operations.md'), 'utf8');
    const backup = /## Back up and restore\n([\s\S]*?)\n## /.exec(operations)?.[1] ?? '';
    expect(backup).toContain('printenv CAMPUS_SERVICES');
    expect(backup).not.toMatch(/for \w+ in [a-z ]+;/);
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

  it('give every registered service its queue, a dead-letter queue and retry queues that return to it, as the services declare them', () => {
    const names = new Set(definitions.queues.map((q) => q.name));
    const queues = new Set([
      ...SERVICES.map((s) => s.definition.name),
      ...definitions.bindings.map((b) => b.destination),
    ]);
    expect(queues).toEqual(new Set(SERVICES.map((s) => s.definition.name)));
    for (const queue of queues) {
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
