import { latencyColumns, percentile, timed } from './latency-stats';

/** Three ways to answer each query, from the full request down to the naive way. */
export interface QueryAnswerers<Q> {
  /** The real endpoint, through HTTP (parsing, the service's SQL, the JSON). */
  endpoint(query: Q): Promise<unknown>;
  /** The endpoint's SQL alone, on the same database. */
  sql(query: Q): Promise<unknown>;
  /** The naive way the endpoint is measured against (an unindexed scan). */
  baseline(query: Q): Promise<unknown>;
}

export interface EndpointAgainstBaselineOptions<Q extends { label: string }> {
  queries: readonly Q[];
  rounds: number;
  answer: QueryAnswerers<Q>;
  /** What the summary lines call each side, and the target the speed-up line states. */
  describe: { endpoint: string; sql: string; baseline: string; target: string };
}

/**
 * Times every query's endpoint, its SQL and the baseline, interleaved per query in each round so
 * that drift affects the three alike, after one warm-up of each; the slow baseline only in the
 * first third of the rounds (at least 5). Prints each query's endpoint and baseline figures, the
 * three totals and the speed-up of the endpoint over the baseline at p50 and p95.
 */
export async function measureEndpointAgainstBaseline<Q extends { label: string }>(
  options: EndpointAgainstBaselineOptions<Q>,
): Promise<void> {
  const { queries, rounds, answer, describe } = options;
  const endpoint: number[] = [];
  const sql: number[] = [];
  const baseline: number[] = [];
  const perQuery = new Map(
    queries.map((q) => [q.label, { endpoint: [] as number[], baseline: [] as number[] }]),
  );
  for (const query of queries) {
    await answer.endpoint(query);
    await answer.baseline(query);
  }
  const baselineRounds = Math.max(5, rounds / 3);
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const byEndpoint = await timed(() => answer.endpoint(query));
      sql.push(await timed(() => answer.sql(query)));
      endpoint.push(byEndpoint);
      perQuery.get(query.label)!.endpoint.push(byEndpoint);
      if (round < baselineRounds) {
        const byBaseline = await timed(() => answer.baseline(query));
        baseline.push(byBaseline);
        perQuery.get(query.label)!.baseline.push(byBaseline);
      }
    }
  }
  const labelWidth = Math.max(...queries.map((q) => q.label.length));
  for (const [label, times] of perQuery)
    console.log(
      `  ${label.padEnd(labelWidth)}   endpoint ${latencyColumns(times.endpoint)}   | baseline ${latencyColumns(times.baseline)}`,
    );
  const totals: Array<[string, number[]]> = [
    [describe.endpoint, endpoint],
    [describe.sql, sql],
    [describe.baseline, baseline],
  ];
  const totalWidth = Math.max(...totals.map(([name]) => name.length));
  for (const [name, times] of totals)
    console.log(`  all queries, ${name.padEnd(totalWidth)} : ${latencyColumns(times)}`);
  const speedUp = (p: number) => (percentile(baseline, p) / percentile(endpoint, p)).toFixed(1);
  console.log(
    `  speed-up, baseline vs endpoint: ${speedUp(50)}x at p50, ${speedUp(95)}x at p95 (target: ${describe.target})`,
  );
}
