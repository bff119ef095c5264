import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import {
  DEFAULT_AMQP_URL,
  startMultiProcessPlatform,
} from '../../infra/local/src/multi-process/multi-process-platform';
import { createIsolatedVhost } from '../../infra/local/src/multi-process/rabbitmq-vhost';
import { fetchJson } from './support/fetch-json';
import { percentile } from './support/latency-stats';

/**
 * Live notifications (issue 25), through the gateway as a browser gets them:
 * 1. From a comment's 201 to the `notification` event on the post author's open stream
 *    (GET /api/notifications/stream), one comment at a time on fresh posts (no grouping).
 * 2. STREAMS streams held open on one gateway: the memory (RSS) and CPU of the processes holding
 *    them, before and with them open, the same delivery latency meanwhile, and the fan-out of a
 *    comment to all of them watching one post (?post=, `comment` events).
 * With `npm start`'s embedded platform (one process) and, when PostgreSQL and RabbitMQ answer, the
 * multi-process platform (gateway and notifications in their own processes). Figures only: nothing
 * here asserts a time. Settings: BENCH_COMMENTS, BENCH_STREAMS, BENCH_LOADED_COMMENTS,
 * BENCH_FANOUT_COMMENTS, BENCH_IDLE_SECONDS, BENCH_NOTIFICATIONS_MODES (embedded,multi), and
 * BENCH_FORCE_NODELAY=1 to run the measured processes with Nagle's algorithm off on every socket.
 */
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const LOADED_COMMENTS = Number(process.env.BENCH_LOADED_COMMENTS ?? 100);
const FANOUT_COMMENTS = Number(process.env.BENCH_FANOUT_COMMENTS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const MODES = (process.env.BENCH_NOTIFICATIONS_MODES ?? 'embedded,multi').split(',').map((m) => m.trim());
/** A notification that has not come this long after its comment's 201 counts as lost. */
const DELIVERY_TIMEOUT_MS = 15_000;
const CONCURRENCY = 16;
const PASSWORD = 'bench-notifications-pass';

/** Sign-ups and logins from one address, far beyond what the bench makes (the defaults stop at 600 an hour). */
const LIMITS = {
  PASSWORD_HASH_COST: '1024',
  REGISTRATIONS_PER_HOUR: '1000000',
  REGISTRATIONS_PER_DAY: '1000000',
  REGISTRATIONS_PER_EMAIL_DOMAIN_PER_HOUR: '1000000',
  LOGIN_ATTEMPTS_PER_15_MIN: '1000000',
  LOGIN_ATTEMPTS_PER_CLIENT_15_MIN: '1000000',
};

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * RSS alone hides what streams cost (a heap grown by the sign-ups has room for them), so each
 * measured process loads this too: on SIGUSR2 it collects garbage and writes its
 * process.memoryUsage() to BENCH_MEMORY_DIR/<pid>.json, numbered (n) so a reader knows it is new.
 */
const MEMORY_PROBE = `
import fs from 'node:fs';
import net from 'node:net';
const dir = process.env.BENCH_MEMORY_DIR;
// A diagnosis (BENCH_FORCE_NODELAY=1): every socket without Nagle's algorithm, whatever its client asks.
if (process.env.BENCH_FORCE_NODELAY === '1') {
  const setNoDelay = net.Socket.prototype.setNoDelay;
  net.Socket.prototype.setNoDelay = function () {
    return setNoDelay.call(this, true);
  };
}
let n = 0;
if (dir)
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    globalThis.gc?.();
    n += 1;
    const file = dir + '/' + process.pid + '.json';
    fs.writeFileSync(file + '.tmp', JSON.stringify({ n, ...process.memoryUsage() }));
    fs.renameSync(file + '.tmp', file);
  });
`;
const memoryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-memory-'));
const probeFile = path.join(memoryDir, 'memory-probe.mjs');
fs.writeFileSync(probeFile, MEMORY_PROBE);
const PROBE_ENV = {
  BENCH_MEMORY_DIR: memoryDir,
  BENCH_FORCE_NODELAY: process.env.BENCH_FORCE_NODELAY ?? '0',
};

interface Target {
  mode: string;
  url: string;
  /** The processes that hold the streams: the whole platform (embedded), or gateway and notifications. */
  processes: Array<{ label: string; pid(): number | undefined }>;
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The platforms

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `npm start`'s platform (bench/src/platform-child.ts), run by Node itself so its pid is the platform's. */
async function startEmbedded(): Promise<Target> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', probeFile, '--import', 'tsx', path.join(__dirname, 'platform-child.ts')],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...LIMITS, ...PROBE_ENV } },
  );
  // Its one JSON line says where it listens (log lines may come before it).
  const ready = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{"url"')) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`the embedded platform exited early (${code})`)));
  });
  const { url } = JSON.parse(ready) as { url: string };
  return {
    mode: 'embedded (npm start: one process, PGlite, in-process bus)',
    url,
    processes: [{ label: 'platform', pid: () => child.pid }],
    stop: () => stopChild(child),
  };
}

/** `npm run start:services`: a process per service on PostgreSQL, RabbitMQ between them, the gateway. */
async function startMulti(): Promise<Target> {
  const runId = `bench_${randomBytes(4).toString('hex')}`;
  const vhost = await createIsolatedVhost(process.env.AMQP_URL ?? DEFAULT_AMQP_URL, runId);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-multi-'));
  const logFile = path.join(dataDir, 'platform.log');
  try {
    const platform = await startMultiProcessPlatform({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'warn',
      databasePrefix: `${runId}_`,
      dropDatabasesOnStop: true,
      amqpUrl: vhost.url,
      servicePorts: 'free',
      env: {
        TEACHER_CODE: 'BENCH-CODE-1',
        ...LIMITS,
        ...PROBE_ENV,
        NODE_OPTIONS: `--expose-gc --import ${probeFile}`,
      },
      seed: false,
      log: (line) => fs.appendFileSync(logFile, `${line}\n`),
    });
    return {
      mode: 'multi-process (a process per service, PostgreSQL, RabbitMQ)',
      url: platform.url,
      processes: ['gateway', 'notifications'].map((name) => ({
        label: name,
        pid: () => platform.process(name).pid(),
      })),
      async stop() {
        await platform.stop();
        await vhost.remove();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await vhost.remove().catch(() => undefined);
    const logs = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-3_000) : '';
    throw new Error(`the multi-process platform did not start: ${(err as Error).message}\n${logs}`, {
      cause: err,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Users and calls

interface User {
  _id: string;
  name: string;
  cookie: string;
}

async function signUp(baseUrl: string, label: string): Promise<User> {
  const id = randomBytes(5).toString('hex');
  const email = `bench.${label}.${id}@campus.test`;
  const name = `Bench ${label} ${id}`;
  const registered = (await fetchJson(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD, isTeacher: false, teacherCode: '' }),
  })) as { user: { _id: string } };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { _id: registered.user._id, name, cookie };
}

/** `count` results of `work`, at most `limit` at a time. */
async function pooled<T>(count: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

const json = (user: User, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: user.cookie },
  body: JSON.stringify(body),
});

async function writePost(baseUrl: string, author: User, title: string): Promise<string> {
  const post = (await fetchJson(
    `${baseUrl}/api/community`,
    json(author, { title, content: `What do you think about ${title}?`, tag: 'Q&A' }),
  )) as { _id: string };
  return post._id;
}

/** Posts a comment; `ack` is when its 201 arrived (the answer's headers). */
async function writeComment(
  baseUrl: string,
  user: User,
  postId: string,
  content: string,
): Promise<{ commentId: string; ack: number }> {
  const res = await fetch(`${baseUrl}/api/comments/${postId}`, json(user, { content }));
  const ack = performance.now();
  if (res.status !== 201) throw new Error(`a comment answered ${res.status}: ${await res.text()}`);
  const comment = (await res.json()) as { _id: string };
  return { commentId: comment._id, ack };
}

// ---------------------------------------------------------------------------------------------
// Server-sent events over Node's http client

interface StreamEvent {
  event: string;
  data: string;
  /** performance.now() when the chunk holding it arrived. */
  at: number;
}

interface OpenStream {
  /** Whether the server ended it (or it failed) before we closed it. */
  dropped(): boolean;
  close(): void;
}

/**
 * Opens GET /api/notifications/stream as `user` and calls `onEvent` with each event; resolves once
 * the answer is 200 and the first `unread` came (the stream is registered and live).
 */
function openStream(
  baseUrl: string,
  user: User,
  agent: http.Agent,
  onEvent: (event: StreamEvent) => void,
  watchPost?: string,
): Promise<OpenStream> {
  const url = new URL('/api/notifications/stream', baseUrl);
  if (watchPost) url.searchParams.set('post', watchPost);
  return new Promise((resolve, reject) => {
    let closedByUs = false;
    let ended = false;
    let live = false;
    const handle: OpenStream = {
      dropped: () => ended && !closedByUs,
      close() {
        closedByUs = true;
        req.destroy();
      },
    };
    const fail = (err: Error) => {
      ended = true;
      if (!live) reject(err);
    };
    const req = http.get(
      url,
      { agent, headers: { cookie: user.cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => fail(new Error(`the stream answered ${res.statusCode}: ${body}`)));
          res.on('error', fail);
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (data.length === 0) continue; // a comment (`: ping`) or the retry hint
            if (!live && event === 'unread') {
              live = true;
              resolve(handle);
            }
            onEvent({ event, data: data.join('\n'), at });
          }
        });
        res.on('end', () => fail(new Error('the stream ended')));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
  });
}

// ---------------------------------------------------------------------------------------------
// Measures

/** What a process uses now: resident memory (bytes) and CPU time so far (ms), from /proc. */
function processUse(pid: number): { rss: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss: rssKb * 1024, cpuMs: (ticks * 1000) / 100 };
}

interface HeapUse {
  rss: number;
  heapUsed: number;
  external: number;
}

/** The process's memory right after a full garbage collection (the probe above). */
async function memoryAfterGc(pid: number): Promise<HeapUse> {
  const file = path.join(memoryDir, `${pid}.json`);
  const read = () =>
    fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as HeapUse & { n: number }) : undefined;
  const last = read()?.n ?? 0;
  process.kill(pid, 'SIGUSR2');
  const deadline = performance.now() + 30_000;
  for (;;) {
    const now = read();
    if (now && now.n > last) return now;
    if (performance.now() > deadline) throw new Error(`process ${pid} did not report its memory`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function openFiles(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

/** The processes' CPU use over `seconds` of wall time, as % of one core. */
async function cpuOver(target: Target, seconds: number): Promise<Map<string, number>> {
  const before = new Map(target.processes.map((p) => [p.label, processUse(p.pid()!).cpuMs]));
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const wallMs = performance.now() - started;
  return new Map(
    target.processes.map((p) => [
      p.label,
      ((processUse(p.pid()!).cpuMs - before.get(p.label)!) / wallMs) * 100,
    ]),
  );
}

/**
 * Waits (up to a minute) until the processes together use under 10% of a core over 2 s: the
 * events of what came before (sign-ups, comments) are consumed.
 */
async function quiet(target: Target): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const use = await cpuOver(target, 2);
    if ([...use.values()].reduce((a, b) => a + b, 0) < 10) return;
  }
  console.log('  (the processes did not become quiet within a minute)');
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function latencyLine(samples: readonly number[], lost: number, early: number): string {
  if (samples.length === 0) return `none (lost ${lost})`;
  // An event that came before the 201 reached us counts as 0: it was there when the reply was acknowledged.
  const clamped = samples.map((s) => Math.max(0, s));
  return (
    `p50 ${ms(percentile(clamped, 50))}, p95 ${ms(percentile(clamped, 95))}, ` +
    `p99 ${ms(percentile(clamped, 99))}, max ${ms(Math.max(...clamped))} over ${samples.length}` +
    (early ? `; ${early} arrived before the 201` : '') +
    (lost ? `; LOST ${lost}` : '')
  );
}

/**
 * `count` comments by `commenter`, one at a time, each on a fresh post of `author` (so none groups
 * with another), timed from the 201 to the `notification` naming that comment on `author`'s stream.
 */
async function replyToNotification(
  baseUrl: string,
  author: User,
  commenter: User,
  count: number,
  label: string,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const arrivals = new Map<string, number>();
  let waiting: { commentId: string; done(at: number): void } | undefined;
  const stream = await openStream(baseUrl, author, agent, ({ event, data, at }) => {
    if (event !== 'notification') return;
    const link = (JSON.parse(data) as { link: string }).link;
    const commentId = decodeURIComponent(/#comment-(.+)$/.exec(link)?.[1] ?? '');
    if (!commentId || arrivals.has(commentId)) return;
    arrivals.set(commentId, at);
    if (waiting?.commentId === commentId) waiting.done(at);
  });
  const samples: number[] = [];
  let lost = 0;
  let early = 0;
  try {
    // Warm-up: the first call of each route pays for its code's first run.
    for (let i = 0; i < 5; i++) {
      const postId = await writePost(baseUrl, author, `Warm-up ${label} ${i}`);
      await writeComment(baseUrl, commenter, postId, 'warm-up');
    }
    for (let i = 0; i < count; i++) {
      const postId = await writePost(baseUrl, author, `Latency ${label} ${i}`);
      const { commentId, ack } = await writeComment(baseUrl, commenter, postId, `Reply ${i}`);
      const arrived =
        arrivals.get(commentId) ??
        (await new Promise<number | undefined>((resolve) => {
          const timer = setTimeout(() => resolve(undefined), DELIVERY_TIMEOUT_MS);
          waiting = {
            commentId,
            done: (at) => {
              clearTimeout(timer);
              resolve(at);
            },
          };
        }));
      waiting = undefined;
      if (arrived === undefined) lost++;
      else {
        samples.push(arrived - ack);
        if (arrived < ack) early++;
      }
    }
  } finally {
    stream.close();
    agent.destroy();
  }
  console.log(`  comment 201 -> notification on the author's stream: ${latencyLine(samples, lost, early)}`);
  return samples;
}

async function manyStreams(target: Target, author: User, commenter: User): Promise<void> {
  const base = target.url;
  console.log(`  ${STREAMS} streams: signing up ${STREAMS} students...`);
  const users = await pooled(STREAMS, CONCURRENCY, (i) => signUp(base, `s${i}`));
  const watchedPost = await writePost(base, author, 'Everyone is watching this thread');

  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const pids = target.processes.map((p) => ({ label: p.label, pid: p.pid()! }));
  // The sign-ups' events are still being consumed for a while: the baseline waits for quiet.
  await quiet(target);
  const before = new Map(pids.map((p) => [p.label, processUse(p.pid).rss]));
  const heapBefore = new Map<string, HeapUse>();
  for (const { label, pid } of pids) heapBefore.set(label, await memoryAfterGc(pid));
  const filesBefore = new Map(pids.map((p) => [p.label, openFiles(p.pid)]));

  // Each arrival of a `comment` event, by comment id, per stream.
  const commentArrivals = new Map<string, number[]>();
  const opening = performance.now();
  const streams = await pooled(STREAMS, 100, (i) =>
    openStream(
      base,
      users[i]!,
      agent,
      ({ event, data, at }) => {
        if (event !== 'comment') return;
        const { commentId } = JSON.parse(data) as { commentId: string };
        const list = commentArrivals.get(commentId) ?? [];
        list.push(at);
        commentArrivals.set(commentId, list);
      },
      watchedPost,
    ),
  );
  const openedIn = performance.now() - opening;
  await quiet(target);
  const openCpu = await cpuOver(target, IDLE_SECONDS);
  console.log(
    `  opened ${streams.length} streams (each until its first unread event) in ${(openedIn / 1000).toFixed(1)} s`,
  );
  const opened = new Map<string, { rss: number; heap: HeapUse; files: number }>();
  for (const { label, pid } of pids)
    opened.set(label, { rss: processUse(pid).rss, heap: await memoryAfterGc(pid), files: openFiles(pid) });

  // The same reply -> notification latency, with the streams open.
  await replyToNotification(base, author, commenter, LOADED_COMMENTS, `${STREAMS} open`);

  // One comment to all of them: each stream's `comment` event, from the 201.
  const fanout: number[] = [];
  let missing = 0;
  for (let i = 0; i < FANOUT_COMMENTS; i++) {
    const { commentId, ack } = await writeComment(base, commenter, watchedPost, `To all ${i}`);
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    while ((commentArrivals.get(commentId)?.length ?? 0) < STREAMS && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const got = commentArrivals.get(commentId) ?? [];
    missing += STREAMS - got.length;
    fanout.push(...got.map((at) => at - ack));
  }
  const all = fanout.map((s) => Math.max(0, s));
  console.log(
    `  a comment on a thread all ${STREAMS} watch -> its comment event on each stream (${FANOUT_COMMENTS} comments): ` +
      `p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}, max ${ms(Math.max(...all))}` +
      (missing ? `; MISSING ${missing}` : ''),
  );
  const dropped = streams.filter((s) => s.dropped()).length;
  console.log(`  streams the server ended during the run: ${dropped}`);
  for (const stream of streams) stream.close();
  agent.destroy();

  // The same processes without the streams, once quiet: what the streams' CPU is compared with.
  await quiet(target);
  const idleCpu = await cpuOver(target, IDLE_SECONDS);
  for (const { label } of pids) {
    const { rss, heap, files } = opened.get(label)!;
    const grew = rss - before.get(label)!;
    const heapFrom = heapBefore.get(label)!;
    const jsGrew = heap.heapUsed + heap.external - heapFrom.heapUsed - heapFrom.external;
    const cpuPerStream = (((openCpu.get(label)! - idleCpu.get(label)!) / 100) * 1e6) / STREAMS;
    console.log(
      `  ${label}: RSS ${mb(before.get(label)!)} -> ${mb(rss)} (+${mb(grew)}, ${kb(grew / STREAMS)} per stream); ` +
        `after a full GC heap+external ${mb(heapFrom.heapUsed + heapFrom.external)} -> ${mb(heap.heapUsed + heap.external)} ` +
        `(+${mb(jsGrew)}, ${kb(jsGrew / STREAMS)} per stream); open files ${filesBefore.get(label)} -> ${files}; ` +
        `CPU over ${IDLE_SECONDS} s, quiet: ${openCpu.get(label)!.toFixed(1)}% of a core with the streams open ` +
        `(heartbeats every 20 s), ${idleCpu.get(label)!.toFixed(1)}% after they closed ` +
        `(${cpuPerStream.toFixed(1)} µs CPU per stream per second)`,
    );
  }
}

async function benchTarget(start: () => Promise<Target>): Promise<void> {
  const target = await start();
  try {
    // The machine may be shared: its load says how far the figures are from a quiet one.
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`\n${target.mode}, gateway ${target.url}; load average ${load} on ${os.cpus().length} CPUs`);
    const [author, commenter] = await Promise.all([
      signUp(target.url, 'author'),
      signUp(target.url, 'commenter'),
    ]);
    await replyToNotification(target.url, author, commenter, COMMENTS, 'quiet');
    if (STREAMS > 0) await manyStreams(target, author, commenter);
  } finally {
    await target.stop();
  }
}

async function reachable(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function run(): Promise<void> {
  console.log(
    `open files limit of this process: ${
      fs
        .readFileSync('/proc/self/limits', 'utf8')
        .match(/Max open files\s+(\d+)\s+(\d+)/)
        ?.slice(1)
        .join(' soft / ') ?? '?'
    } hard; ` + `${os.cpus().length} CPUs`,
  );
  try {
    if (MODES.includes('embedded')) await benchTarget(startEmbedded);
    if (MODES.includes('multi')) {
      if ((await reachable(5432)) && (await reachable(5672))) await benchTarget(startMulti);
      else console.log('\nmulti-process: skipped (PostgreSQL on 5432 or RabbitMQ on 5672 does not answer)');
    }
  } finally {
    fs.rmSync(memoryDir, { recursive: true, force: true });
  }
}
