/** What the parts of the image-build check (check-image-builds.ts) share. */
import { spawnSync } from 'node:child_process';
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

/** The environment a container starts from: nothing of this machine's but PATH and HOME. */
export const containerEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: os.homedir() });

/** How long each step of the check took, printed at its end. */
export const timings: Array<[string, number]> = [];
export async function timed<T>(label: string, step: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`\n-- ${label}`);
  const result = await step();
  timings.push([label, performance.now() - started]);
  return result;
}
