import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { waitFor } from '@campus/service-kit/testing/wait-for';

export interface ChildHandle {
  stop(): Promise<void>;
}

export interface PlatformProcess extends ChildHandle {
  url: string;
  services: Array<{ name: string; url: string }>;
  secretsDir: string;
}

const repoRoot = path.resolve(__dirname, '..', '..');
const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** Starts bench/src/platform-child.ts (the embedded platform) and waits for its URLs. */
export async function startPlatformProcess(): Promise<PlatformProcess> {
  const child = spawn(process.execPath, [tsx, path.join(__dirname, 'platform-child.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`platform exited early (${code})`)));
  });
  return { ...(JSON.parse(first) as Omit<PlatformProcess, 'stop'>), stop: stopper(child) };
}

/** A gateway in its own process, as in production, in front of the given service URLs. */
export async function startGatewayProcess(
  port: number,
  secretsDir: string,
  services: Array<{ name: string; url: string }>,
): Promise<ChildHandle & { url: string }> {
  const child = spawn(process.execPath, [tsx, path.join(repoRoot, 'gateway', 'src', 'main.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_PUBLIC_KEY: fs.readFileSync(path.join(secretsDir, 'jwt-public.pem'), 'utf8'),
      ...Object.fromEntries(services.map((s) => [`${s.name.toUpperCase()}_SERVICE_URL`, s.url])),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  // A fetch that throws (not listening yet) counts as "not yet".
  const answer = await waitFor(
    'the gateway to answer /api/health',
    async () => (child.exitCode !== null ? 'exited' : (await fetch(`${url}/api/health`)).status),
    { until: (status) => status === 'exited' || status < 500, timeoutMs: 30_000, everyMs: 200 },
  );
  if (answer === 'exited') throw new Error('gateway exited early');
  return { url, stop: stopper(child) };
}
