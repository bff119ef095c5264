/**
 * The cases both rich-text sanitizers are tested with (service-kit on the server, web-kit in the
 * browser), so the two sides are held to the same outcomes. Outputs are compared with void
 * elements written the HTML way (`<br>`, not `<br />`).
 */
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  allowedRichTextClasses,
  isAllowedRichTextAttribute,
} from '../rich-text-policy';

export interface KeptCase {
  name: string;
  html: string;
  /** The sanitized HTML, exactly. */
  sanitized: string;
}

const LINK_ATTRIBUTES = 'rel="noopener noreferrer nofollow" target="_blank"';
const PNG_DATA =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

/** The editor's formats: what a user wrote survives unchanged. */
export const RICH_TEXT_KEPT: KeptCase[] = [
  {
    name: 'headers, bold, italic, underline and strike',
    html: '<h1>Round 1</h1><h2>DSA</h2><p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>',
    sanitized:
      '<h1>Round 1</h1><h2>DSA</h2><p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>',
  },
  {
    name: 'a blockquote and a line break',
    html: '<blockquote>Tell me about yourself</blockquote><p>one<br>two</p>',
    sanitized: '<blockquote>Tell me about yourself</blockquote><p>one<br>two</p>',
  },
  {
    name: "Quill's code block (editor HTML) and a semantic <pre>",
    html:
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">let x = 1 &lt; 2;</div></div>' +
      '<pre data-language="plain">int main() {}</pre>',
    sanitized:
      '<div class="ql-code-block-container"><div class="ql-code-block" data-language="plain">let x = 1 &lt; 2;</div></div>' +
      '<pre data-language="plain">int main() {}</pre>',
  },
  {
    name: "Quill's lists (data-list, UI span, indent) and semantic lists",
    html:
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Arrays</li>' +
      '<li data-list="ordered" class="ql-indent-1"><span class="ql-ui" contenteditable="false"></span>Graphs</li></ol>' +
      '<ul><li>one</li></ul>',
    sanitized:
      '<ol><li data-list="bullet"><span class="ql-ui"></span>Arrays</li>' +
      '<li data-list="ordered" class="ql-indent-1"><span class="ql-ui"></span>Graphs</li></ol>' +
      '<ul><li>one</li></ul>',
  },
  {
    name: 'an http(s) link gets the policy rel and target',
    html: '<p><a href="https://leetcode.com/problems/two-sum/" target="_self">two sum</a></p>',
    sanitized: `<p><a href="https://leetcode.com/problems/two-sum/" ${LINK_ATTRIBUTES}>two sum</a></p>`,
  },
  {
    name: 'an https image and an inline PNG',
    html: `<p><img src="https://example.com/whiteboard.jpg" alt="whiteboard"><img src="${PNG_DATA}"></p>`,
    sanitized: `<p><img src="https://example.com/whiteboard.jpg" alt="whiteboard"><img src="${PNG_DATA}"></p>`,
  },
  {
    name: 'text that looks like markup stays text',
    html: '<p>if (a &lt; b &amp;&amp; c &gt; d) &lt;script&gt;</p>',
    sanitized: '<p>if (a &lt; b &amp;&amp; c &gt; d) &lt;script&gt;</p>',
  },
];

export interface AttackCase {
  name: string;
  html: string;
  /** The sanitized HTML, exactly, where both sides must agree on it. */
  sanitized?: string;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
const ATTRIBUTE = /\s+([^\s="'>/]+)(?:="([^"]*)")?/g;

function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * What in a sanitizer's output breaks the shared policy: an element or attribute it does not list,
 * an href or src it does not allow, a link without the policy's rel and target, unparsed markup.
 * Both sanitizers serialize with double-quoted attributes and `<` escaped in text, so every `<` in
 * the output opens a real tag and this reading of it is exact. Empty when the output is safe.
 */
export function richTextViolations(output: string): string[] {
  const violations: string[] = [];
  let rest = output;
  for (const [whole, closing, rawTag, attributes = ''] of output.matchAll(TAG)) {
    rest = rest.replace(whole, '');
    const tag = rawTag!.toLowerCase();
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) violations.push(`element <${tag}>`);
    if (closing) continue;
    const seen = new Map<string, string>();
    for (const [, rawName, value = ''] of attributes.replace(/\s*\/$/, '').matchAll(ATTRIBUTE)) {
      const name = rawName!.toLowerCase();
      const decoded = decodeAttribute(value);
      seen.set(name, decoded);
      if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(name)) violations.push(`attribute ${name} on <${tag}>`);
      else if (name === 'class') {
        if (allowedRichTextClasses(tag, decoded) !== decoded)
          violations.push(`class "${decoded}" on <${tag}>`);
      } else if (name !== 'rel' && name !== 'target' && !isAllowedRichTextAttribute(tag, name, decoded))
        violations.push(`${name}="${decoded}" on <${tag}>`);
    }
    if (
      tag === 'a' &&
      (seen.get('rel') !== RICH_TEXT_LINK_REL || seen.get('target') !== RICH_TEXT_LINK_TARGET)
    )
      violations.push('a link without the policy rel and target');
  }
  if (rest.includes('<')) violations.push('an unescaped "<" outside a tag');
  return violations;
}

/** The usual cheat-sheet vectors: each must come out harmless on both sides. */
export const RICH_TEXT_ATTACKS: AttackCase[] = [
  { name: 'a script element', html: '<p>hi</p><script>alert(1)</script>', sanitized: '<p>hi</p>' },
  {
    name: 'a script element in mixed case with attributes',
    html: '<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>',
    sanitized: '<p>ok</p>',
  },
  { name: 'an event handler on an image', html: '<img src="https://a.example/x.png" onerror="alert(1)">' },
  {
    name: 'an event handler on a kept element',
    html: '<p onclick="alert(1)" onmouseover="alert(2)">click</p>',
    sanitized: '<p>click</p>',
  },
  {
    name: 'a mailto: link (user links are http(s) only)',
    html: '<a href="mailto:hr@example.com">mail HR</a>',
    sanitized: 'mail HR',
  },
  {
    name: 'a javascript: link',
    html: '<a href="javascript:alert(1)">x</a>',
    sanitized: 'x',
  },
  {
    name: 'a javascript: link hidden by entities, case and whitespace',
    html: '<a href="&#106;ava&#x09;Script&colon;alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>',
    sanitized: 'xy',
  },
  {
    name: 'a javascript: link with zero-padded character references',
    html: '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
    sanitized: 'x',
  },
  { name: 'a vbscript: link', html: '<a href="vbscript:msgbox(1)">x</a>', sanitized: 'x' },
  {
    name: 'a data:text/html link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    sanitized: 'x',
  },
  { name: 'a relative link', html: '<a href="/api/auth/logout">x</a>', sanitized: 'x' },
  {
    name: 'an SVG data-URI image',
    html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    sanitized: '',
  },
  { name: 'a javascript: image', html: '<img src="javascript:alert(1)">', sanitized: '' },
  {
    name: 'a data-URI image of another type',
    html: '<img src="data:image/webp;base64,UklGRg==">',
    sanitized: '',
  },
  {
    name: 'style attributes and style elements',
    html: '<p style="background:url(javascript:alert(1))">a</p><style>p{color:red}</style><div style="x:expression(alert(1))">b</div>',
    sanitized: '<p>a</p><div>b</div>',
  },
  { name: 'an svg with onload', html: '<svg onload="alert(1)"><circle r="1"></circle></svg>', sanitized: '' },
  {
    name: 'an iframe with srcdoc',
    html: '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>after</p>',
    sanitized: '<p>after</p>',
  },
  { name: 'object and embed', html: '<object data="x.swf"></object><embed src="x.swf">', sanitized: '' },
  {
    name: 'a form with a formaction button',
    html: '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
  },
  {
    name: 'a base and a meta refresh',
    html: '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
  },
  {
    name: 'a script nested in an allowed element',
    html: '<p><strong>bold<script>alert(1)</script></strong></p>',
    sanitized: '<p><strong>bold</strong></p>',
  },
  {
    name: 'a tag split by a removed tag (nested trick)',
    html: '<scr<script>ipt>alert(1)</script>',
  },
  {
    name: 'markup hidden in a comment',
    html: '<!--<img src=x onerror=alert(1)>--><p>a</p>',
    sanitized: '<p>a</p>',
  },
  {
    name: 'a closing-title breakout',
    html: '<title><img src=x onerror=alert(1)></title><p>a</p>',
    sanitized: '<p>a</p>',
  },
  {
    name: 'an unclosed image in an attribute',
    html: '<img src="https://a.example/x.png" alt="x" onerror="alert(1)"',
  },
  {
    name: 'an attribute breaking out of its quotes',
    html: '<img src="https://a.example/x.png" alt="a&quot; onerror=&quot;alert(1)">',
  },
  {
    name: 'a classed element trying foreign classes and ids',
    html: '<p class="ql-indent-1 evil" id="main">a</p>',
    sanitized: '<p class="ql-indent-1">a</p>',
  },
  {
    name: 'a noscript trick',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  {
    name: 'a math namespace confusion',
    html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  },
  { name: 'a textarea breakout', html: '<textarea></textarea><img src=x onerror=alert(1)></textarea>' },
];
