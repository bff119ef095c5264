import { sql } from 'drizzle-orm';
import { rankedPostsQuery } from '@campus/community-service/post-store';
import { communityService } from '@campus/community-service/service';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { startBenchService } from './support/bench-service';
import { measureEndpointAgainstBaseline } from './support/endpoint-against-baseline';
import { fetchJson, queryString } from './support/fetch-json';
import { timed } from './support/latency-stats';
import { textArray } from './support/seed-sql';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TAGS = ['Q&A', 'Advice', 'Tutorial', 'Discussion', 'Review', 'Experience', 'Complain'];
const TOPICS = [
  'preparing for placement interviews',
  'dynamic programming practice problems',
  'hostel mess food and timings',
  'semester exam timetable clash',
  'best books for operating systems',
  'internship stipend and offer letters',
  'library opening hours during exams',
  'graph algorithms for competitive coding',
  'sports fest volunteers needed',
  'laptop recommendations under budget',
  'machine learning project ideas',
  'fee payment deadline extension',
];

/** What students type on the hub: a word, two words, a phrase, a stem, a category filter, no match. */
const QUERIES: Array<{ label: string; q: string; tag?: string; solved?: 'false' }> = [
  { label: 'q="placement"', q: 'placement' },
  { label: 'q="graph algorithms"', q: 'graph algorithms' },
  { label: 'q="\\"mess food\\"" (phrase)', q: '"mess food"' },
  { label: 'q="prepare interview" (stems)', q: 'prepare interview' },
  { label: 'q="books" + tag=Advice', q: 'books', tag: 'Advice' },
  { label: 'q="laptop" + solved=false', q: 'laptop', solved: 'false' },
  { label: 'q="zzzunknown" (no match)', q: 'zzzunknown' },
];

async function seed(database: DatabaseHandle): Promise<void> {
  const batch = 20_000;
  for (let from = 1; from <= POSTS; from += batch) {
    const to = Math.min(POSTS, from + batch - 1);
    await database.db.execute(sql`
      insert into community.posts (title, content, tag, author_id, is_anonymous, created_at, upvotes)
      select 'Question ' || i || ' about ' || t[1 + (i * 7) % ${TOPICS.length}],
             'I was reading about ' || t[1 + (i * 13) % ${TOPICS.length}] || ' and wondered about ' ||
             t[1 + (i * 17) % ${TOPICS.length}] || '. Post number ' || i || '.',
             g[1 + i % ${TAGS.length}], 'bench-author-' || (i % 5000), false,
             now() - (i * 37) * interval '1 second', (i * 7919) % 50
      from generate_series(${from}::bigint, ${to}::bigint) i,
           (select ${textArray(TOPICS)} as t, ${textArray(TAGS)} as g) k`);
  }
  await database.db.execute(sql`analyze community.posts`);
}

/** The naive way: every word as an unindexed case-insensitive substring of title or content, newest first. */
function naiveSearch(database: DatabaseHandle, q: { q: string; tag?: string }) {
  const words = q.q.replace(/"/g, '').split(/\s+/).filter(Boolean);
  const each = words.map((w) => sql`(title ilike ${`%${w}%`} or content ilike ${`%${w}%`})`);
  return database.db.execute(sql`
    select id from community.posts
    where moderation = 'visible' and ${sql.join(each, sql` and `)}
      ${q.tag ? sql`and tag = ${q.tag}` : sql``}
    order by created_at desc limit 20`);
}

/** Hub search at 100,000 posts: the endpoint and its SQL (GIN on the tsvector, ts_rank) against an ILIKE scan. */
export async function run(): Promise<void> {
  const service = await startBenchService(communityService);
  const { database } = service;
  try {
    const seconds = (await timed(() => seed(database))) / 1000;
    console.log(
      `${database.kind}: seeded ${POSTS} posts in ${seconds.toFixed(1)} s; ${ROUNDS} rounds of ${QUERIES.length} queries`,
    );
    await measureEndpointAgainstBaseline({
      queries: QUERIES,
      rounds: ROUNDS,
      answer: {
        endpoint: (q) =>
          fetchJson(`${service.url}/api/community?${queryString({ q: q.q, tag: q.tag, solved: q.solved })}`),
        sql: (q) =>
          rankedPostsQuery(
            database.db,
            { q: q.q, tag: q.tag, solved: q.solved === 'false' ? false : undefined },
            'relevance',
            0,
            20,
          ),
        baseline: (q) => naiveSearch(database, q),
      },
      describe: {
        endpoint: 'GET /api/community?q= (HTTP)',
        sql: "the search's SQL alone",
        baseline: 'naive ILIKE scan baseline',
        target: 'endpoint p95 <= 50 ms, faster than the scan',
      },
    });
  } finally {
    await service.stop();
  }
}
