/**
 * What rich text (interview rounds) may contain: the formats of the interview editor
 * (react-quill-new: headers, bold, italic, underline, strike, blockquote, code-block, lists, links,
 * images) and nothing else. One source of truth for both sanitizers: the services' sanitize-html
 * (packages/service-kit/src/rich-text/sanitize-rich-text.ts, on write) and the browser's DOMPurify
 * (packages/web-kit/src/sanitize-rich-text.ts, again on render). Plain data and pure functions, so
 * both sides read the same lists and judge every URL with the same code.
 */

/** Elements Quill writes for those formats (its editor HTML and its semantic HTML). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'blockquote',
  'pre',
  'code',
  'div',
  'ol',
  'ul',
  'li',
  'span',
  'a',
  'img',
] as const;

/**
 * Attributes per element; nothing else survives (no `style`, no `on*`, no `id`). `class` is listed
 * only where Quill writes one, and its values are limited by RICH_TEXT_CLASSES.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  // Quill 2 writes every list as <ol><li data-list="bullet|ordered">, with an empty UI span inside.
  li: ['data-list', 'class'],
  span: ['class'],
  // Code blocks: <div class="ql-code-block-container"><div class="ql-code-block"> in the editor's
  // HTML, <pre data-language> in its semantic HTML.
  div: ['class', 'data-language'],
  pre: ['class', 'data-language'],
  p: ['class'],
  h1: ['class'],
  h2: ['class'],
  h3: ['class'],
  h4: ['class'],
  h5: ['class'],
  h6: ['class'],
};

const INDENT_CLASSES = ['ql-indent-1', 'ql-indent-2', 'ql-indent-3', 'ql-indent-4', 'ql-indent-5'];

/** The class values Quill writes for those formats; any other class is dropped. */
export const RICH_TEXT_CLASSES: Readonly<Record<string, readonly string[]>> = {
  div: ['ql-code-block-container', 'ql-code-block'],
  pre: ['ql-syntax'],
  span: ['ql-ui'],
  li: INDENT_CLASSES,
  p: INDENT_CLASSES,
  h1: INDENT_CLASSES,
  h2: INDENT_CLASSES,
  h3: INDENT_CLASSES,
  h4: INDENT_CLASSES,
  h5: INDENT_CLASSES,
  h6: INDENT_CLASSES,
};

/** Values an attribute other than a URL or class may take (anything else is dropped). */
export const RICH_TEXT_ATTRIBUTE_VALUES: Readonly<Record<string, RegExp>> = {
  'data-list': /^(bullet|ordered|checked|unchecked)$/,
  'data-language': /^[a-z0-9+#-]{1,20}$/,
  width: /^\d{1,4}$/,
  height: /^\d{1,4}$/,
};

/** Elements removed together with everything inside them (their text is code or markup, not prose). */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'textarea',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'select',
  'option',
  'title',
  'xmp',
  'plaintext',
] as const;

/** Every link a reader may follow opens apart from the page and passes no standing to its target. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';
export const RICH_TEXT_LINK_TARGET = '_blank';

/** DESIGN §4: every user link is http(s) only. */
export const RICH_TEXT_LINK_PROTOCOLS = ['http:', 'https:'] as const;
export const RICH_TEXT_IMAGE_PROTOCOLS = ['http:', 'https:'] as const;
/** Inline images: base64 data URIs of these types only (never SVG, which can carry script). */
const DATA_IMAGE = /^data:image\/(?:jpeg|jpg|gif|png);base64,[a-z0-9+/]+={0,2}$/i;

function protocolOf(value: string): string | undefined {
  try {
    // Absolute URLs only: a relative or protocol-relative link has no protocol to judge.
    return new URL(value.trim()).protocol.toLowerCase();
  } catch {
    return undefined;
  }
}

/** A link's href: absolute http(s) (so never mailto:, javascript:, data:, vbscript: or relative). */
export function isAllowedRichTextLink(href: string): boolean {
  const protocol = protocolOf(href);
  return protocol !== undefined && (RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(protocol);
}

/** An image's src: absolute http(s), or a base64 data URI of a JPEG, GIF or PNG. */
export function isAllowedRichTextImage(src: string): boolean {
  const trimmed = src.trim();
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed.replace(/\s+/g, ''));
  const protocol = protocolOf(trimmed);
  return protocol !== undefined && (RICH_TEXT_IMAGE_PROTOCOLS as readonly string[]).includes(protocol);
}

/** The classes of `value` that may stay on `tag` (Quill's own, see RICH_TEXT_CLASSES), space-separated. */
export function allowedRichTextClasses(tag: string, value: string): string {
  const allowed = RICH_TEXT_CLASSES[tag] ?? [];
  return value
    .split(/\s+/)
    .filter((c) => allowed.includes(c))
    .join(' ');
}

/**
 * Whether `value` may stay on `attribute` of `tag`: listed for that element, URLs judged by the
 * rules above, constrained attributes matching their pattern. (`class` is filtered value by value
 * with allowedRichTextClasses; `rel` and `target` of links are always set to the policy's own.)
 */
export function isAllowedRichTextAttribute(tag: string, attribute: string, value: string): boolean {
  if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(attribute)) return false;
  if (tag === 'a' && attribute === 'href') return isAllowedRichTextLink(value);
  if (tag === 'img' && attribute === 'src') return isAllowedRichTextImage(value);
  const pattern = RICH_TEXT_ATTRIBUTE_VALUES[attribute];
  return pattern ? pattern.test(value) : true;
}

/** A run of spaces holding at least one non-breaking space, written as a character or an entity. */
const SPACE_RUN_WITH_NBSP =
  /(?:&nbsp;|&#160;|&#xa0;|\u00a0| )*(?:&nbsp;|&#160;|&#xa0;|\u00a0)(?:&nbsp;|&#160;|&#xa0;|\u00a0| )*/gi;
const SPACE_UNIT = /&nbsp;|&#160;|&#xa0;|\u00a0| /gi;

/**
 * Lets text wrap between words again: Quill 2's semantic HTML writes every space as `&nbsp;`, so a
 * paragraph had no place to break but inside a word. A single space between words becomes a normal
 * space; a longer run keeps its width with non-breaking spaces and ends in a normal one (the line
 * may still break there). Works on HTML (entities) and on decoded text (the character).
 */
export function breakableSpaces(html: string): string {
  return html.replace(SPACE_RUN_WITH_NBSP, (run) => {
    const width = run.match(SPACE_UNIT)?.length ?? 1;
    return '\u00a0'.repeat(width - 1) + ' ';
  });
}
