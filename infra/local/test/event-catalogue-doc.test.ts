import fs from 'node:fs';
import path from 'node:path';
import { EVENT_NAMES } from '@campus/contracts/events';
import { SERVICES } from '../src/service-registry';

/**
 * docs/events.md's catalogue table is the complete list of events with producer and consumers
 * (DESIGN §6 is outside the repository and not complete): it must say what the code does.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'events.md'), 'utf8');

const section = doc.slice(doc.indexOf('## The catalogue'), doc.indexOf('## RabbitMQ topology'));
const rows = section
  .split('\n')
  .filter((line) => /^\| `[a-z]+\.[a-z.]+`/.test(line))
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .map(([, event, from, consumedBy]) => ({
    event: event!.replace(/`/g, ''),
    from: from!,
    consumedBy: consumedBy!,
  }));

describe('the event catalogue in docs/events.md', () => {
  it('lists every event of EventCatalogue once, and no other', () => {
    expect(rows.map((r) => r.event).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it.each(EVENT_NAMES.map((name) => [name]))(
    '%s: the producer and consumers are the ones the services declare',
    (name) => {
      const row = rows.find((r) => r.event === name);
      const producer = SERVICES.find((s) => s.definition.produces.includes(name))?.definition.name;
      // A service that hears it on every replica (`listens`, a broadcast) says so beside its name.
      const consumers = SERVICES.flatMap(({ definition: d }) => {
        const consumes = d.consumes.includes(name);
        const listens = (d.listens ?? []).includes(name);
        if (listens) return [`${d.name} (${consumes ? '+ ' : ''}broadcast)`];
        return consumes ? [d.name] : [];
      });
      // A producer not built yet is the service the event's name starts with.
      expect(row?.from).toBe(producer ?? name.split('.')[0]);
      expect(row?.consumedBy).toBe(consumers.length ? consumers.sort().join(', ') : '(none yet)');
    },
  );
});
