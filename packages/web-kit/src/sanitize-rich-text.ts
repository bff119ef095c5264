import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_ATTRIBUTE_VALUES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  allowedRichTextClasses,
  breakableSpaces,
  isAllowedRichTextAttribute,
} from '@campus/contracts/rich-text-policy';
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

const config: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^https?:/i,
  // Not URLs: their values are judged by the policy's patterns in the hook below.
  ADD_URI_SAFE_ATTR: Object.keys(RICH_TEXT_ATTRIBUTE_VALUES),
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  RETURN_DOM_FRAGMENT: true,
};

/**
 * A DOMPurify instance of our own, so its hooks (the shared policy's attribute, class, URL and link
 * rules) apply to rich text only and never to another caller of DOMPurify in the same page.
 */
function createPurifier(): Purifier {
  const purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    // A link's rel and target are always the policy's own, set after the other attributes.
    if (tag === 'a' && (data.attrName === 'rel' || data.attrName === 'target')) data.keepAttr = false;
    else if (data.attrName === 'class') {
      data.attrValue = allowedRichTextClasses(tag, data.attrValue);
      data.keepAttr = data.attrValue !== '';
    } else if (!isAllowedRichTextAttribute(tag, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a' && node instanceof Element && node.hasAttribute('href')) {
      node.setAttribute('rel', RICH_TEXT_LINK_REL);
      node.setAttribute('target', RICH_TEXT_LINK_TARGET);
    }
  });
  return purifier;
}

let purifier: Purifier | undefined;

/**
 * Sanitizes rich text again before it is rendered (`dangerouslySetInnerHTML`), with the allow-list
 * the services apply on write (packages/contracts/src/rich-text-policy.ts): a stored value that
 * predates a policy change, or reached the database another way, still renders safely.
 */
export function sanitizeRichText(html: string): string {
  purifier ??= createPurifier();
  const fragment = purifier.sanitize(html, config);
  // After sanitizing (so nothing unsanitized is ever moved): an image without an allowed source is
  // nothing, a link without an allowed target is its text, as on the server.
  for (const img of fragment.querySelectorAll('img:not([src])')) img.remove();
  for (const link of fragment.querySelectorAll('a:not([href])')) link.replaceWith(...link.childNodes);
  // Write-ups saved before the server normalised spaces hold only &nbsp;: let them wrap between words.
  const texts = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode())
    if (text.nodeValue?.includes('\u00a0')) text.nodeValue = breakableSpaces(text.nodeValue);
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML.trim();
}
