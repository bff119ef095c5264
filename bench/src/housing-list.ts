import { sql } from 'drizzle-orm';
import { housingService } from '@campus/housing-service/service';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { startBenchService } from './support/bench-service';
import { fetchJson } from './support/fetch-json';
import { latencyColumns, percentile, timed } from './support/latency-stats';
import { textArray } from './support/seed-sql';

const FLATS = Number(process.env.BENCH_FLATS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const AREAS = [
  'Kothrud',
  'Baner',
  'Aundh',
  'Shivajinagar',
  'Deccan',
  'Erandwane',
  'Model Colony',
  'Hostel Road',
];
const KINDS = ['Room in 2BHK', 'Shared room', 'PG with meals', '1RK studio', 'Room in 3BHK', 'Hostel bed'];

/** What students ask for: the first page, a deep page, the filters, a text search, signed in or not. */
const QUERIES: Array<{ label: string; query: string; signedIn?: boolean }> = [
  { label: 'browse newest (guest)', query: '' },
  { label: 'browse newest (signed in)', query: '', signedIn: true },
  { label: 'page 100 of 20', query: 'page=100' },
  { label: 'rent 5000..9000', query: 'minRent=5000&maxRent=9000' },
  { label: 'female + rent <= 8000', query: 'genderPreference=female&maxRent=8000' },
  {
    label: 'move in from +60 days',
    query: `moveInFrom=${new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)}`,
  },
  { label: 'sort rent_asc', query: 'sort=rent_asc' },
  { label: 'q="kothrud"', query: 'q=kothrud' },
  { label: 'q="balcony" + male', query: 'q=balcony&genderPreference=male' },
  { label: 'q="no such words"', query: 'q=no%20such%20words' },
];

async function seed(database: DatabaseHandle): Promise<void> {
  const areas = textArray(AREAS);
  const kinds = textArray(KINDS);
  // Deterministic spread: ~400 owners, rents 2,000..25,000, move-in over the next 6 months, posted over a year.
  await database.db.execute(sql`
    insert into housing.flats (user_id, name, description, location, gender_preference, rent, move_in_date, contact_info, created_at)
    select 'bench-user-' || (i % 400),
           (${kinds})[1 + i % ${KINDS.length}] || ', ' || (${areas})[1 + (i * 7) % ${AREAS.length}],
           'Furnished, Wi-Fi, ' || case when i % 5 = 0 then 'big balcony, ' else '' end || 'ten minutes to campus. Request ' || i,
           case when i % 2 = 0 then 'https://maps.google.com/?q=' || (${areas})[1 + (i * 7) % ${AREAS.length}] else (${areas})[1 + (i * 7) % ${AREAS.length}] || ', Pune' end,
           (array['any','male','female'])[1 + i % 3],
           2000 + ((i * 2654435761) % 2301) * 10,
           current_date + ((i * 40503) % 180)::int,
           '+91 98' || lpad((i % 100000000)::text, 8, '0'),
           now() - ((i * 40503) % 31536000) * interval '1 second'
    from generate_series(1, ${FLATS}) i`);
  await database.db.execute(sql`analyze housing.flats`);
}

/**
 * GET /api/flat at 10,000 requests: the real endpoint (HTTP, parsing, the service's SQL, the JSON)
 * for the first page, a deep page, each filter and text search; against the baseline the spec's
 * original client implies, the whole list in one answer (GET of every request, serialised).
 */
export async function run(): Promise<void> {
  const service = await startBenchService(housingService);
  const { database } = service;
  const token = service.tokenFor({ id: 'bench-user-1', name: 'Bench', isTeacher: false });
  try {
    const seconds = (await timed(() => seed(database))) / 1000;
    console.log(
      `${database.kind}: seeded ${FLATS} flat requests in ${seconds.toFixed(1)} s; ${ROUNDS} rounds of ${QUERIES.length} queries`,
    );
    const call = (q: (typeof QUERIES)[number]) =>
      timed(() =>
        fetchJson(`${service.url}/api/flat?${q.query}`, {
          headers: q.signedIn ? { authorization: `Bearer ${token}` } : {},
        }),
      );
    const everything = () =>
      timed(async () => {
        const rows = await database.db.execute(sql`select * from housing.flats order by created_at desc`);
        JSON.stringify(rows);
      });
    for (const q of QUERIES) await call(q);
    await everything();

    const all: number[] = [];
    const perQuery = new Map<string, number[]>(QUERIES.map((q) => [q.label, []]));
    const baseline: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        const t = await call(q);
        all.push(t);
        perQuery.get(q.label)!.push(t);
      }
      if (round < Math.max(5, ROUNDS / 3)) baseline.push(await everything());
    }
    for (const [label, xs] of perQuery) console.log(`  ${label.padEnd(28)} ${latencyColumns(xs)}`);
    console.log(`  all queries, GET /api/flat (HTTP, a page of 20) : ${latencyColumns(all)}`);
    console.log(`  baseline, all ${FLATS} rows read and serialised  : ${latencyColumns(baseline)}`);
    console.log(
      `  speed-up, baseline vs endpoint: ${(percentile(baseline, 50) / percentile(all, 50)).toFixed(1)}x at p50`,
    );
  } finally {
    await service.stop();
  }
}
