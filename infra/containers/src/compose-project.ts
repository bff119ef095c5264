/**
 * docker-compose.yml as docker-compose itself reads it (anchors merged, variables set): the one
 * description of the production topology, which build-images.ts builds and topology.ts runs.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface ComposeHealthcheck {
  test: string[] | string;
  interval?: string;
  timeout?: string;
  start_period?: string;
  retries?: number;
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string | null>;
  hostname?: string;
  init?: boolean;
  read_only?: boolean;
  tmpfs?: string[] | string;
  security_opt?: string[];
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: ComposeHealthcheck;
  stop_grace_period?: string;
  /** Started only when one of them is asked for (`docker compose --profile observability up`). */
  profiles?: string[];
}

export interface ComposeProject {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? process.env,
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
    );
  return result.stdout;
}

/**
 * `docker-compose config` with `.env.example` and the given variables, less the services of a
 * profile; PyYAML (docker-compose's own) turns it into JSON.
 */
export function readCompose(variables: Record<string, string> = {}): ComposeProject {
  const config = run('docker-compose', ['--env-file', '.env.example', 'config'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...variables },
  });
  const json = run(
    'python3',
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    {
      input: config,
    },
  );
  const project = JSON.parse(json) as ComposeProject;
  // What `docker compose up` starts: the services of no profile (docker-compose config lists all).
  project.services = Object.fromEntries(
    Object.entries(project.services).filter(([, service]) => !service.profiles?.length),
  );
  return project;
}

/** The image a service's build produces, as podman names compose's `image:` (localhost/<name>:latest). */
export function localImage(service: ComposeService, name: string): string {
  const image = service.image ?? `campus-connect/${name}`;
  const tagged = /:[^/]+$/.test(image) ? image : `${image}:latest`;
  return tagged.includes('/') && tagged.split('/')[0]!.includes('.') ? tagged : `localhost/${tagged}`;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
