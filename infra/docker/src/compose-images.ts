/** The images docker-compose.yml builds, read through docker-compose itself (anchors merged, variables set). */
import path from 'node:path';
import { containerEnv, fail, runCommand } from './image-check-support';

export interface ComposeImage {
  service: string;
  dockerfile: string;
  args: Record<string, string>;
  environment: Record<string, string>;
}

interface ComposeService {
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
}

/**
 * What compose builds and the environment it gives each container, from `docker-compose config`;
 * `prebuiltServices` run a published image (PostgreSQL, RabbitMQ).
 */
export function composeImages(
  checkout: string,
  secrets: Record<string, string>,
): { images: ComposeImage[]; prebuiltServices: string[] } {
  const env = { ...containerEnv(), ...secrets };
  const config = runCommand('docker-compose', ['--env-file', '.env.example', 'config'], {
    cwd: checkout,
    env,
  });
  // docker-compose brings PyYAML; the repository has no YAML parser of its own.
  const json = runCommand(
    'python3',
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    {
      cwd: checkout,
      input: config,
    },
  );
  const services = (JSON.parse(json) as { services: Record<string, ComposeService> }).services;
  const images: ComposeImage[] = [];
  const prebuiltServices: string[] = [];
  for (const [service, definition] of Object.entries(services)) {
    if (!definition.build) {
      prebuiltServices.push(service);
      continue;
    }
    if (path.resolve(definition.build.context) !== checkout)
      fail(`${service}: build context ${definition.build.context} is not the repository root`);
    images.push({
      service,
      dockerfile: definition.build.dockerfile ?? 'Dockerfile',
      args: definition.build.args ?? {},
      environment: Object.fromEntries(
        Object.entries(definition.environment ?? {}).map(([name, value]) => [name, value ?? '']),
      ),
    });
  }
  if (!images.length) fail('docker-compose.yml builds no image');
  return { images, prebuiltServices };
}
