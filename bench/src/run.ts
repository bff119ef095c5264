/**
 * `npm run bench`: every benchmark, one after another, printing figures; `npm run bench -- <name>` runs one.
 * Each module exports `run()`. Loopback only, bounded in time. What several benches do the same way
 * lives once in `support/`: percentiles and timing (latency-stats), one service on its own database
 * (bench-service), an endpoint timed against its SQL and a naive baseline (endpoint-against-baseline),
 * checked JSON calls (fetch-json), seed arrays (seed-sql) and the phone photo the poster benches upload.
 */
const BENCHES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  gateway: () => import('./gateway-overhead'),
  // The kit's request metrics: a service's HTTP shell with and without them (ADR 0120).
  metrics: () => import('./metrics-overhead'),
  careers: () => import('./careers-search'),
  community: () => import('./community'),
  // Hub search at 100,000 posts: full-text (GIN, ts_rank) against an ILIKE scan, same run.
  'community-search': () => import('./community-search'),
  'library-search': () => import('./library-search'),
  'library-pdf': () => import('./library-pdf'),
  'profile-counts': () => import('./profile-counts'),
  'housing-list': () => import('./housing-list'),
  // Reply -> live notification latency, and 2,000 open streams on one gateway (embedded and multi-process).
  'notifications-live': () => import('./notifications-live'),
  // Posters (upload times, bytes for a phone), then Lighthouse mobile on /events with 12 events.
  // Unrelated reads during 12 concurrent poster uploads in `npm start`'s one process.
  'events-uploads': () => import('./events-upload-pressure'),
  events: async () => ({
    run: async () => {
      await (await import('./events-posters')).run();
      await (await import('./events-lighthouse')).run();
    },
  }),
};

async function main() {
  const only = process.argv.slice(2);
  for (const [name, load] of Object.entries(BENCHES)) {
    if (only.length && !only.includes(name)) continue;
    console.log(`\n=== bench: ${name} ===`);
    await (await load()).run();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
