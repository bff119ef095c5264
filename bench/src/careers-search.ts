import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { chromium, type Page, type Response } from 'playwright-core';
import {
  naiveInterviewSearchSql,
  runInterviewSearch,
  type InterviewSearchFilters,
} from '@campus/careers-service/interview-search-sql';
import { careersService } from '@campus/careers-service/service';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { WEB_STATS_DIR } from '../../scripts/build-web';
import { startBenchService } from './support/bench-service';
import { measureEndpointAgainstBaseline } from './support/endpoint-against-baseline';
import { fetchJson, queryString } from './support/fetch-json';
import { timed } from './support/latency-stats';
import { textArray } from './support/seed-sql';
import { CHROMIUM_ARGS, CHROMIUM_PATH, withWebPlatform } from './web-platform';

const INTERVIEWS = Number(process.env.BENCH_INTERVIEWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const COMPANIES = [
  'Google',
  'Microsoft',
  'Amazon',
  'Flipkart',
  'Infosys',
  'TCS',
  'Wipro',
  'Zoho',
  'Atlassian',
  'Adobe',
  'Goldman Sachs',
  'Société Générale',
  'Razorpay',
  'Swiggy',
  'Paytm',
  'Oracle',
  'Cisco',
  'Intel',
  'Qualcomm',
  'Accenture',
  'Deloitte',
  'JP Morgan',
  'Uber',
  'Meesho',
  'PhonePe',
  'Nvidia',
  'Samsung',
  'Walmart',
  'Salesforce',
  'Juspay',
];
const ROLES = [
  'SDE Intern',
  'SDE 1',
  'Data Scientist',
  'Frontend Engineer',
  'Backend Engineer',
  'Analyst',
  'Systems Engineer',
  'DevOps Engineer',
];
const TOPICS = [
  'dynamic programming on strings',
  'graph traversal with BFS and DFS',
  'system design of a URL shortener',
  'SQL window functions and joins',
  'operating system scheduling and deadlocks',
  'computer networks TCP handshake',
  'object oriented design of a parking lot',
  'puzzles and probability',
  'leadership principles and behavioural questions',
  'react hooks and browser rendering',
  'kubernetes and linux internals',
  'statistics and A/B testing',
];

/** What students type: companies, roles, topics, prefixes while typing, a filter, the date sorts, browse. */
const QUERIES: Array<Omit<InterviewSearchFilters, 'limit' | 'offset'> & { label: string }> = [
  { label: 'q="google"', q: 'google' },
  { label: 'q="micro" (prefix)', q: 'micro' },
  { label: 'q="dynamic progr"', q: 'dynamic progr' },
  { label: 'q="system design"', q: 'system design' },
  { label: 'q="societe" (accent)', q: 'societe' },
  { label: 'q="sde" + company=amazon', q: 'sde', company: 'amazon' },
  { label: 'q="kubernetes" date_desc', q: 'kubernetes', sort: 'date_desc' },
  { label: 'browse newest', q: '' },
  { label: 'browse company=flip', q: '', company: 'flip' },
  { label: 'browse date_asc', q: '', sort: 'date_asc' },
];

async function seed(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  const batch = 5_000;
  for (let from = 1; from <= INTERVIEWS; from += batch) {
    const to = Math.min(INTERVIEWS, from + batch - 1);
    await db.execute(sql`
      insert into careers.interviews (company_name, role, interview_rounds, interview_rounds_description, interview_date,
        salary, interview_difficulty, city, job_type, linkedin_url, posted_by, uploader_name, created_at)
      select c[1 + (i * 7919) % ${COMPANIES.length}], r[1 + (i * 31) % ${ROLES.length}], 1 + i % 6,
             '<h2>Round 1</h2><p>Questions on <strong>' || t[1 + (i * 13) % ${TOPICS.length}] || '</strong>.</p>' ||
             '<h2>Round 2</h2><p>Then ' || t[1 + (i * 17) % ${TOPICS.length}] || ' and a chat about projects.</p>',
             date '2023-01-01' + ((i * 40503) % 1000)::int, '12 LPA',
             (array['Easy','Medium','Hard','Difficult'])[1 + i % 4], 'Bengaluru', 'Full-Time', '',
             gen_random_uuid()::text, 'Bench Student', now() - ((i * 2654435761) % 94608000) * interval '1 second'
      from generate_series(${from}::bigint, ${to}::bigint) i,
           (select ${textArray(COMPANIES)} as c, ${textArray(ROLES)} as r, ${textArray(TOPICS)} as t) k`);
  }
  await db.execute(sql`analyze careers.interviews`);
}

/** Interview search at 100,000 experiences: the endpoint and its SQL against a naive ILIKE scan. */
async function searchBench(): Promise<void> {
  const service = await startBenchService(careersService);
  const { database } = service;
  try {
    const seconds = (await timed(() => seed(database))) / 1000;
    console.log(
      `${database.kind}: seeded ${INTERVIEWS} interview experiences in ${seconds.toFixed(1)} s; ${ROUNDS} rounds of ${QUERIES.length} queries`,
    );
    const execute = async <T extends Record<string, unknown>>(query: SQL) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    await measureEndpointAgainstBaseline({
      queries: QUERIES,
      rounds: ROUNDS,
      answer: {
        endpoint: (q) =>
          fetchJson(
            `${service.url}/api/interview/search?${queryString({ q: q.q, company: q.company, sort: q.sort })}`,
          ),
        sql: (q) => runInterviewSearch(execute, { ...q, limit: 6, offset: 0 }),
        // The naive way: the same text as an unindexed case-insensitive substring over company, role and HTML.
        baseline: (q) => database.db.execute(naiveInterviewSearchSql(q.q || q.company || '', 6)),
      },
      describe: {
        endpoint: 'GET /api/interview/search (HTTP)',
        sql: "the search's SQL alone",
        baseline: 'naive ILIKE scan baseline',
        target: 'endpoint p95 <= 20 ms, >= 20x',
      },
    });
  } finally {
    await service.stop();
  }
}

interface Download {
  url: string;
  gzip: number;
  modules: string[];
}

/** The JS /interviews and /jobs fetch after the shell, and whether the editor (Quill) is in it. */
async function pageWeightBench(): Promise<void> {
  const modulesByFile = JSON.parse(readFileSync(path.join(WEB_STATS_DIR, 'careers.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  await withWebPlatform(async ({ url }) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      for (const route of ['/interviews', '/jobs']) {
        const page: Page = await browser.newPage();
        const pending: Array<Promise<Download | null>> = [];
        const onResponse = (response: Response) => {
          if (response.request().resourceType() !== 'script' || !response.url().includes('/remotes/careers/'))
            return;
          const file = new URL(response.url()).pathname.split('/').pop() ?? '';
          pending.push(
            response
              .body()
              .then((body) => ({
                url: response.url(),
                gzip: gzipSync(body, { level: 6 }).length,
                modules: modulesByFile[file] ?? [],
              }))
              .catch(() => null),
          );
        };
        page.on('response', onResponse);
        await page.goto(`${url}${route}`);
        await page.waitForLoadState('networkidle');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== null);
        const quill = downloads.some((d) => d.modules.some((m) => /quill/i.test(m)));
        console.log(
          `  ${route.padEnd(12)} careers JS ${(downloads.reduce((t, d) => t + d.gzip, 0) / 1024).toFixed(1)} KB gzip in ${downloads.length} files; editor (quill) loaded: ${quill ? 'YES' : 'no'}`,
        );
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
}

export async function run(): Promise<void> {
  await searchBench();
  if (process.env.BENCH_SKIP_WEB) return;
  console.log('\nJS the careers pages load (after the shell; needs a web build):');
  await pageWeightBench();
}
