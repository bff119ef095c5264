/**
 * How a parent (`npm start`'s supervisor, `npm run dev`'s restarter) starts the platform process
 * (platform-child.ts) and talks to it: the environment it reads and the IPC messages both ways. Kept
 * apart from the child's code so a parent does not load the platform (every service) itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { RunningPlatform } from '../platform';
import type { ServiceRestartResult } from './service-reload';

const ENTRY = path.join(__dirname, 'platform-child.ts');

/** What the parent passes in the environment (the rest of it goes to the services, as always). */
export const PLATFORM_CHILD_ENV = {
  dataDir: 'CAMPUS_PLATFORM_DATA_DIR',
  webRoot: 'CAMPUS_PLATFORM_WEB_ROOT',
  port: 'CAMPUS_PLATFORM_PORT',
  logLevel: 'CAMPUS_PLATFORM_LOG_LEVEL',
  seed: 'CAMPUS_PLATFORM_SEED',
  /**
   * '1': load the platform's code, then wait for a `start` message naming the web root before
   * starting (the supervisor checks the frontend build meanwhile, in parallel).
   */
  awaitStart: 'CAMPUS_PLATFORM_AWAIT_START',
  /**
   * Tests only: '1' lets the parent make this process throw an uncaught error (an IPC message, which
   * nothing outside the parent can send; no request reaches it). Unset in `npm start`.
   */
  crashHook: 'CAMPUS_PLATFORM_TEST_CRASH_HOOK',
  /**
   * Tests only: a module whose `services` export (ServiceDefinition[]) the platform runs instead of
   * the registry's (fixtures whose code a test may change). Unset in `npm start` and `npm run dev`.
   */
  servicesModule: 'CAMPUS_PLATFORM_TEST_SERVICES_MODULE',
} as const;

/** The exit code of a process that died of an uncaught error (EX_SOFTWARE). */
export const CRASH_EXIT_CODE = 70;

export interface PlatformChildReady {
  type: 'ready';
  url: string;
  teacherCode: string;
  teacherCodeSource: RunningPlatform['teacherCodeSource'];
  secretsDir: string;
  /** Each service's own address (a restart in place keeps it). */
  services: Array<{ name: string; url: string }>;
}

export interface PlatformChildCrashed {
  type: 'crashed';
  /** One line: the uncaught error's message (its stack goes to the child's stderr). */
  error: string;
}

/** The answer to a PlatformChildRestartService. */
export interface PlatformChildServiceRestarted {
  type: 'service-restarted';
  folder: string;
  result: ServiceRestartResult;
}

export type PlatformChildMessage = PlatformChildReady | PlatformChildCrashed | PlatformChildServiceRestarted;

/** From the supervisor, when the child was told to await it: start now, serving this folder. */
export interface PlatformChildStart {
  type: 'start';
  webRoot?: string;
}

/** From the dev loop: restart the service whose package is this folder (absolute), its code read again. */
export interface PlatformChildRestartService {
  type: 'restart-service';
  folder: string;
}

export function isPlatformChildMessage(message: unknown): message is PlatformChildMessage {
  return typeof message === 'object' && message !== null && 'type' in message;
}

/**
 * Starts the platform process: Node with the tsx loader, in its own process group (so a terminal's
 * Ctrl-C reaches only the parent, which then stops it once, cleanly), with an IPC channel.
 */
export function spawnPlatformChild(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 'pipe': the parent reads the child's output; 'inherit': it goes to the parent's terminal. */
  output: 'pipe' | 'inherit';
}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', options.output, options.output, 'ipc'],
    detached: true,
  });
}
