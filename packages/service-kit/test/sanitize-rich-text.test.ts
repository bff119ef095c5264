import {
  RICH_TEXT_ATTACKS,
  RICH_TEXT_KEPT,
  richTextViolations,
} from '@campus/contracts/testing/rich-text-cases';
import { sanitizeRichText } from '../src/rich-text/sanitize-rich-text';

/** sanitize-html writes void elements as `<br />`; the shared cases write them the HTML way. */
const sanitized = (html: string) => sanitizeRichText(html).replace(/\s*\/>/g, '>');

describe('rich text sanitized on the server (sanitize-html with the shared allow-list)', () => {
  it.each(RICH_TEXT_KEPT)('when the editor wrote $name, then it is kept', ({ html, sanitized: expected }) => {
    expect(sanitized(html)).toBe(expected);
    expect(richTextViolations(sanitized(html))).toEqual([]);
  });

  it.each(RICH_TEXT_ATTACKS)(
    'when the input holds $name, then it comes out harmless',
    ({ html, sanitized: expected }) => {
      const output = sanitized(html);
      expect(richTextViolations(output)).toEqual([]);
      expect(output).not.toMatch(/javascript:|<script|\son[a-z]+="/i);
      if (expected !== undefined) expect(output).toBe(expected);
    },
  );
});
