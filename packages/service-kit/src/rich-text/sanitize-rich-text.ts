import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CLASSES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_TAGS,
  allowedRichTextClasses,
  breakableSpaces,
  isAllowedRichTextAttribute,
} from '@campus/contracts/rich-text-policy';
import sanitizeHtml from 'sanitize-html';

/**
 * Keeps only the attributes the shared policy allows on `tag` (URLs judged by the policy's own
 * functions, classes filtered one by one) and gives every link the policy's rel and target.
 */
function applyPolicy(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    // A link's rel and target are always the policy's own, set after the other attributes.
    if (tagName === 'a' && (name === 'rel' || name === 'target')) continue;
    if (name === 'class') {
      const classes = allowedRichTextClasses(tagName, value);
      if (classes) kept.class = classes;
    } else if (isAllowedRichTextAttribute(tagName, name, value)) kept[name] = value;
  }
  if (tagName === 'a') {
    kept.rel = RICH_TEXT_LINK_REL;
    kept.target = RICH_TEXT_LINK_TARGET;
  }
  return { tagName, attribs: kept };
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedClasses: Object.fromEntries(
    Object.entries(RICH_TEXT_CLASSES).map(([tag, classes]) => [tag, [...classes]]),
  ),
  // A second line behind applyPolicy: the library's own scheme check (it decodes entities and
  // strips control characters before judging).
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  nestingLimit: 40,
  transformTags: { '*': applyPolicy },
  // An image without an allowed source is nothing; a link without an allowed target is its text.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img' && !frame.attribs.src) return true;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/**
 * Sanitizes rich text (the interview editor's HTML) on write, with the allow-list shared with the
 * browser (packages/contracts/src/rich-text-policy.ts): the editor's formats survive; scripts, event
 * handlers, styles, foreign elements and unsafe URLs do not.
 */
export function sanitizeRichText(html: string): string {
  // Words arrive as typed: an editor that wrote every space as &nbsp; left no place to wrap but
  // mid-word. Applied to the text between tags of the output (the parser hands text over in pieces
  // split at entities, so a run of &nbsp; is only whole here).
  return sanitizeHtml(html, options)
    .replace(/(^|>)([^<]+)/g, (_, tagEnd: string, text: string) => tagEnd + breakableSpaces(text))
    .trim();
}
