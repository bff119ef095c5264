import type { ServiceDefinition } from '@campus/service-kit/service-runtime';

/**
 * docs/events.md's catalogue table says who consumes each event. `npm run generate` writes that
 * column from the services' `consumes` and `listens` (a new or changed consumer is never a hand
 * edit): each row's "consumed by" cell becomes the consumers' names, sorted, or `(none yet)`. A
 * service that listens on every replica (a broadcast, no queue of its own) reads `name (broadcast)`,
 * or `name (+ broadcast)` when it also consumes the event from its queue. The other columns
 * (producer, why, payload) are prose and stay as written.
 */
const CATALOGUE = '## The catalogue';

/** The offsets of the first `count` cell separators of a table row (`\|` inside a cell is text). */
function separators(row: string, count: number): number[] {
  const found: number[] = [];
  for (let i = 0; i < row.length && found.length < count; i++)
    if (row[i] === '|' && row[i - 1] !== '\\') found.push(i);
  return found;
}

export function withEventConsumers(doc: string, services: ReadonlyArray<ServiceDefinition>): string {
  const start = doc.indexOf(CATALOGUE);
  if (start < 0) throw new Error(`docs/events.md: no "${CATALOGUE}" section`);
  const next = doc.indexOf('\n## ', start + CATALOGUE.length);
  const end = next < 0 ? doc.length : next;
  const rows = doc
    .slice(start, end)
    .split('\n')
    .map((row) => {
      const event = /^\| `([a-z]+(?:\.[a-z]+)+)`/.exec(row)?.[1];
      if (!event) return row;
      const [, , third, fourth] = separators(row, 4);
      if (third === undefined || fourth === undefined) return row;
      const consumers = services
        .map((service) => {
          const consumes = (service.consumes as ReadonlyArray<string>).includes(event);
          const listens = ((service.listens ?? []) as ReadonlyArray<string>).includes(event);
          if (consumes && listens) return `${service.name} (+ broadcast)`;
          if (listens) return `${service.name} (broadcast)`;
          return consumes ? service.name : undefined;
        })
        .filter((name) => name !== undefined)
        .sort();
      const value = consumers.length ? consumers.join(', ') : '(none yet)';
      const width = fourth - third - 3; // the cell between its two spaces
      return `${row.slice(0, third + 1)} ${value.padEnd(width)} ${row.slice(fourth)}`;
    });
  return doc.slice(0, start) + rows.join('\n') + doc.slice(end);
}
