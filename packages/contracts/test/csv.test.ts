import { csvCell, csvTable } from '../src/csv';

describe('CSV exports (attendees, ledgers)', () => {
  test('a plain cell is written as it is; one with a comma, a quote or a line break is quoted, quotes doubled', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('the "best" club')).toBe('"the ""best"" club"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  test.each(['=1+2', '+91 98', '-2', '@SUM(A1)', '\t=1', '\r=1'])(
    'text a spreadsheet would run as a formula (%j) is kept as text behind a quote mark',
    (formula) => {
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  test('numbers are numbers, a negative one too', () => {
    expect(csvCell(500)).toBe('500');
    expect(csvCell(-5)).toBe('-5');
  });

  test('a table ends every row with CRLF', () => {
    expect(
      csvTable([
        ['a', 'b'],
        [1, '=x'],
      ]),
    ).toBe("a,b\r\n1,'=x\r\n");
  });
});
