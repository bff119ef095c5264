import {
  RICH_TEXT_ATTACKS,
  RICH_TEXT_KEPT,
  richTextViolations,
} from '@campus/contracts/testing/rich-text-cases';
import DOMPurify from 'dompurify';
import { sanitizeRichText } from '../src/sanitize-rich-text';

describe('rich text sanitized in the browser (DOMPurify with the shared allow-list)', () => {
  it.each(RICH_TEXT_KEPT)('when the editor wrote $name, then it is kept', ({ html, sanitized }) => {
    expect(sanitizeRichText(html)).toBe(sanitized);
    expect(richTextViolations(sanitizeRichText(html))).toEqual([]);
  });

  it.each(RICH_TEXT_ATTACKS)(
    'when the input holds $name, then it comes out harmless',
    ({ html, sanitized }) => {
      const output = sanitizeRichText(html);
      expect(richTextViolations(output)).toEqual([]);
      expect(output).not.toMatch(/javascript:|<script|\son[a-z]+="/i);
      if (sanitized !== undefined) expect(output).toBe(sanitized);
    },
  );

  it('when a write-up saved before the fix has &nbsp; for every space, then it renders with normal spaces between words', () => {
    expect(
      sanitizeRichText('<p>an&nbsp;assessment&nbsp;of&nbsp;&nbsp;sliding&nbsp;<strong>windows</strong></p>'),
    ).toBe('<p>an assessment of&nbsp; sliding <strong>windows</strong></p>');
  });

  it('when rendered, then no script runs and no handler is attached', () => {
    const host = document.createElement('div');
    document.body.append(host);
    host.innerHTML = sanitizeRichText(RICH_TEXT_ATTACKS.map((a) => a.html).join(''));
    expect(host.querySelectorAll('script, iframe, svg, object, embed, form, style').length).toBe(0);
    const attributes = [...host.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());
    expect(attributes.filter((name) => name.startsWith('on') || name === 'style')).toEqual([]);
    host.remove();
  });

  it("when another part of the page uses DOMPurify, then the rich-text policy's hooks do not touch it", () => {
    sanitizeRichText('<a href="https://example.org">x</a>');
    expect(DOMPurify.sanitize('<a href="https://example.org" title="t">x</a>')).toBe(
      '<a href="https://example.org" title="t">x</a>',
    );
  });
});
