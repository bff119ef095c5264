import { relativeTime } from '../src/relative-time';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;

describe('relativeTime', () => {
  test.each([
    [before(20_000), 'just now'],
    [before(-30_000), 'just now'],
    [before(5 * MINUTE), '5 min ago'],
    [before(59 * MINUTE), '59 min ago'],
    [before(3 * 60 * MINUTE), '3 h ago'],
    [before(30 * 60 * MINUTE), 'yesterday'],
    [before(4 * 24 * 60 * MINUTE), '4 days ago'],
    ['2026-02-01T09:00:00.000Z', '1 Feb 2026'],
    ['not a date', ''],
  ])('%s is said "%s"', (iso, said) => {
    expect(relativeTime(iso, now)).toBe(said);
  });
});
