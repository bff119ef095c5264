/** What the parts of the image-build check (check-image-builds.ts) share. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** A finding of the check: printed as is, without a stack. */
export class ImageCheckFailure extends Error {}

export function fail(message: string): never {
  throw new ImageCheckFailure(message);
}

export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) fail(`${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * The environment a container starts from: nothing of this machine's but PATH, HOME and the
 * certificate authorities it trusts (NODE_EXTRA_CA_CERTS), as an image built on this network would
 * be given them. Without them npm, run by the lock's Node (whose own npmrc names no `cafile`), could
 * not verify the registry through this machine's TLS proxy: every metadata request failed three
 * times (70 s) before npm fell back to its cache, which made the check take 7 minutes, and a package
 * the cache did not hold failed the install.
 */
export const containerEnv = (): NodeJS.ProcessEnv => {
  const trusted = process.env.NODE_EXTRA_CA_CERTS ?? SYSTEM_CA_BUNDLES.find((file) => fs.existsSync(file));
  return { PATH: process.env.PATH, HOME: os.homedir(), ...(trusted ? { NODE_EXTRA_CA_CERTS: trusted } : {}) };
};

/** Where Debian (and Alpine) keep the system's trusted authorities, the proxy's included. */
const SYSTEM_CA_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt'];

/** How long each step of the check took, printed at its end. */
export const timings: Array<[string, number]> = [];
export async function timed<T>(label: string, step: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`\n-- ${label}`);
  const result = await step();
  timings.push([label, performance.now() - started]);
  return result;
}
