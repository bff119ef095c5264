import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The plan PostgreSQL picks for a query (`{ sql, params }` from a drizzle builder's `toSQL()`), with
 * sequential scans made as costly as they can be, so a test on a small table still sees whether an
 * index can serve the ORDER BY: the node types in the plan and the indexes it walks.
 */
export async function planOf(db: Db, query: { sql: string; params: unknown[] }) {
  const statement = sql.empty();
  const parts = query.sql.split(/\$(\d+)/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) statement.append(sql.raw(part));
    else statement.append(sql`${query.params[Number(part) - 1]}`);
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain (format json) ${statement as SQL}`)) as unknown as {
      rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>;
    };
    const raw = result.rows[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    const nodes = nodesOf(plan[0]!.Plan);
    return {
      nodeTypes: nodes.map((n) => n['Node Type']),
      indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
    };
  });
}
