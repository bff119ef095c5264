import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { communityService } from '@campus/community-service/service';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { startBenchService } from './support/bench-service';
import { fetchJson } from './support/fetch-json';
import { latencyColumns, timed } from './support/latency-stats';
import { textArray } from './support/seed-sql';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 300_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const HOT_VOTERS = 200;
const TAGS = ['Q&A', 'Advice', 'Tutorial', 'Discussion', 'Review', 'Experience', 'Complain'];

/** Post n's id: deterministic, so votes and comments can name their post without a lookup. */
const postId = (n: string) => sql.raw(`md5('post' || (${n})::text)::uuid`);

async function seed(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  const tags = textArray(TAGS);
  const batch = 50_000;
  for (let from = 1; from <= POSTS; from += batch) {
    const to = Math.min(POSTS, from + batch - 1);
    await db.execute(sql`
      insert into community.posts (id, title, content, tag, author_id, is_anonymous, created_at)
      select ${postId('i')}, 'Bench post ' || i, 'What do you think about topic ' || i || '?',
             (${tags})[1 + i % ${TAGS.length}], 'bench-author-' || (i % 5000), i % 5 = 0,
             now() - (i * 37) * interval '1 second'
      from generate_series(${from}::bigint, ${to}::bigint) i`);
  }
  // Vote i: post 1 + (i mod POSTS), voter i div POSTS: every (post, voter) pair once; ~80% up.
  for (let from = 0; from < VOTES; from += batch) {
    const to = Math.min(VOTES, from + batch) - 1;
    await db.execute(sql`
      insert into community.votes (post_id, user_id, direction, voted_at)
      select ${postId(`1 + i % ${POSTS}`)}, 'bench-voter-' || (i / ${POSTS}), case when (i * 7) % 10 < 8 then 1 else -1 end, now()
      from generate_series(${from}::bigint, ${to}::bigint) i`);
  }
  for (let from = 0; from < COMMENTS; from += batch) {
    const to = Math.min(COMMENTS, from + batch) - 1;
    await db.execute(sql`
      insert into community.comments (post_id, content, author_id, is_anonymous, created_at)
      select ${postId(`1 + i % ${POSTS}`)}, 'Bench comment ' || i, 'bench-voter-' || (i % 1000), i % 7 = 0,
             now() - (${COMMENTS} - i) * interval '1 second'
      from generate_series(${from}::bigint, ${to}::bigint) i`);
  }
  await db.execute(sql`
    update community.posts p set upvotes = v.up, downvotes = v.down
    from (select post_id, count(*) filter (where direction = 1) up, count(*) filter (where direction = -1) down
          from community.votes group by post_id) v
    where v.post_id = p.id`);
  await db.execute(sql`
    update community.posts p set comment_count = c.n
    from (select post_id, count(*) n from community.comments group by post_id) c where c.post_id = p.id`);
  await db.execute(sql`analyze community.posts`);
  await db.execute(sql`analyze community.votes`);
  await db.execute(sql`analyze community.comments`);
}

/**
 * The community hub at 100,000 posts, 1,000,000 votes and 300,000 comments, through HTTP: the hub's
 * first page, one post with its comments, a vote; then 200 voters on one hot post at once, with the
 * tally checked against the vote rows.
 */
export async function run(): Promise<void> {
  const service = await startBenchService(communityService, { poolSize: 8 });
  const { database } = service;
  const tokenFor = (name: string) => service.tokenFor({ id: randomUUID(), name, isTeacher: false });
  try {
    const seconds = (await timed(() => seed(database))) / 1000;
    console.log(
      `${database.kind}: seeded ${POSTS} posts, ${VOTES} votes, ${COMMENTS} comments in ${seconds.toFixed(1)} s; ${ROUNDS} rounds`,
    );
    const voter = { Authorization: `Bearer ${tokenFor('Bench Voter')}` };
    const pick = (round: number) => `md5('post' || ${1 + ((round * 7919) % POSTS)})::uuid`;
    const ids = (await database.db.execute(
      sql.raw(`select ${Array.from({ length: ROUNDS }, (_, r) => `${pick(r)}::text as p${r}`).join(', ')}`),
    )) as unknown as { rows: Array<Record<string, string>> };
    const postIds = Object.values(ids.rows[0]!);

    const firstPage: number[] = [];
    const trending: number[] = [];
    const onePost: number[] = [];
    const vote: number[] = [];
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetchJson(`${service.url}${path}`, { headers });
    const upvote = (postId: string, headers: Record<string, string>) =>
      fetchJson(`${service.url}/api/community/${postId}/upvote`, { method: 'PATCH', headers });
    for (let round = -10; round < ROUNDS; round++) {
      const id = postIds[(round + ROUNDS) % ROUNDS]!;
      const a = await timed(() => get('/api/community', voter));
      const t = await timed(() => get('/api/community?sort=trending&limit=5'));
      const p = await timed(() =>
        Promise.all([get(`/api/community/${id}`, voter), get(`/api/comments/${id}`)]),
      );
      const v = await timed(() => upvote(id, voter));
      if (round < 0) continue; // warm-up
      firstPage.push(a);
      trending.push(t);
      onePost.push(p);
      vote.push(v);
    }
    console.log(`hub first page (20 posts)       ${latencyColumns(firstPage)}`);
    console.log(`trending (top 5 by upvotes)     ${latencyColumns(trending)}`);
    console.log(`one post + its comments         ${latencyColumns(onePost)}`);
    console.log(`a vote (PATCH upvote)           ${latencyColumns(vote)}`);

    // The hot post: 200 voters at once, each once; then the tally must equal the rows, exactly 200 more.
    const hot = postIds[0]!;
    const before = (await get(`/api/community/${hot}`)) as { upvotes: number; downvotes: number };
    const voters = Array.from({ length: HOT_VOTERS }, (_, i) => ({
      Authorization: `Bearer ${tokenFor(`Hot Voter ${i}`)}`,
    }));
    const hotSeconds = (await timed(() => Promise.all(voters.map((headers) => upvote(hot, headers))))) / 1000;
    const after = (await get(`/api/community/${hot}`)) as { upvotes: number; downvotes: number };
    const rows = (await database.db.execute(
      sql`select count(*) filter (where direction = 1)::int up, count(*) filter (where direction = -1)::int down
          from community.votes where post_id = ${hot}::uuid`,
    )) as unknown as { rows: Array<{ up: number; down: number }> };
    const exact =
      after.upvotes - before.upvotes === HOT_VOTERS &&
      rows.rows[0]!.up === after.upvotes &&
      rows.rows[0]!.down === after.downvotes;
    console.log(
      `hot post: ${HOT_VOTERS} concurrent voters in ${hotSeconds.toFixed(2)} s = ${(HOT_VOTERS / hotSeconds).toFixed(0)} votes/s; ` +
        `upvotes ${before.upvotes} -> ${after.upvotes} (rows ${rows.rows[0]!.up}): ${exact ? 'exact' : 'WRONG'}`,
    );
    if (!exact) throw new Error('the hot post lost or doubled a vote');
  } finally {
    await service.stop();
  }
}
