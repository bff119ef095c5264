/**
 * CSV files the platform hands out (an event's attendees, a campaign's ledger): RFC 4180 with CRLF
 * line ends, and safe to open in a spreadsheet. One writer, so every export quotes and guards alike.
 */

/**
 * One cell: quoted when it holds a comma, a quote or a line break (quotes doubled). Text a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return before
 * one) is prefixed with ' so it stays text (OWASP CSV injection); numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as a CSV file: a line per row, each ended by CRLF. */
export const csvTable = (rows: ReadonlyArray<ReadonlyArray<string | number>>): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
