import { MENTIONS_MAX } from '@campus/contracts/notifications-rules';

/** A member the composer's picker offered and the writer picked. */
export interface PickedMember {
  _id: string;
  name: string;
}

/** The `@query` being typed at the caret: where its `@` is and the letters after it. */
export interface MentionQuery {
  /** The index of the `@` in the text. */
  start: number;
  /** What follows the `@` up to the caret, e.g. `Asha R`. */
  text: string;
}

/** The longest name the picker searches for (the service refuses a longer q). */
const QUERY_MAX = 60;
/**
 * A name typed after `@`: a letter first, then letters, marks, digits, apostrophes, dots and hyphens,
 * up to three words with one space between them (and one after the last, while the next is typed).
 */
const QUERY = /^\p{L}[\p{L}\p{M}\p{N}'’.-]*(?: [\p{L}\p{M}\p{N}'’.-]+){0,2} ?$/u;
/** What may stand right before a mention's `@`: nothing, or anything but a letter, a digit or `_` (so an e-mail address is no mention). */
const BEFORE_AT = /[\p{L}\p{N}_]/u;

/**
 * The `@name` being typed at `caret`, or null when the caret is not in one: `@` at the start or after
 * a space or punctuation, then a letter, and no line break or double space since.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const from = Math.max(0, caret - QUERY_MAX - 1);
  const start = text.lastIndexOf('@', caret - 1);
  if (start < from || start < 0) return null;
  if (start > 0 && BEFORE_AT.test(text.charAt(start - 1))) return null;
  const query = text.slice(start + 1, caret);
  return QUERY.test(query) ? { start, text: query } : null;
}

/** The text with `@Full Name ` in place of the `@query` typed from `start` to `caret`, and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const mention = `@${name} `;
  return { text: text.slice(0, start) + mention + text.slice(caret), caret: start + mention.length };
}

const escapeForRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * Whether `text` still says `@<name>`: the whole name, any case, not the start of a longer word (the
 * service's rule, so the ids sent are the ones it keeps).
 */
export function saysMention(text: string, name: string): boolean {
  const wanted = name.trim();
  if (wanted === '') return false;
  return new RegExp(`(?<![\\p{L}\\p{N}_])@${escapeForRegExp(wanted)}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** The ids of the picked members whose `@Name` is still in the text, each once, at most MENTIONS_MAX. */
export function mentionedIds(text: string, picked: readonly PickedMember[]): string[] {
  const ids = new Set<string>();
  for (const member of picked) {
    if (ids.size >= MENTIONS_MAX) break;
    if (saysMention(text, member.name)) ids.add(member._id);
  }
  return [...ids];
}

/** A stretch of shown text: plain, or what looks like an `@Name` mention. */
export interface TextPart {
  text: string;
  mention: boolean;
}

/**
 * `@` then up to four capitalised words (how the picker writes a member's name). A short title with
 * its dot counts as a word when a name follows (`@Dr. Meera Iyer`), a sentence's full stop does not;
 * after the first word a lone capital is a word only as an initial with its dot (`@Asha R.`), so the
 * `I` of `@Asha I will` is not part of the name.
 */
const TITLE = '\\p{Lu}\\p{Ll}{0,2}\\.(?= \\p{Lu})';
const NAME = "\\p{Lu}[\\p{L}\\p{M}\\p{N}'’-]";
const SHOWN_MENTION = new RegExp(
  `(?<![\\p{L}\\p{N}_])@(?:${TITLE}|${NAME}*)(?: (?:${TITLE}|${NAME}+|\\p{Lu}\\.)){0,3}`,
  'gu',
);

/**
 * A post's or comment's text cut into plain parts and the `@Name` mentions it seems to hold, to show
 * those emphasised. The wire does not say which words were picked, so this reads the text as the
 * picker writes it; the parts are rendered as text, never as HTML.
 */
export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(SHOWN_MENTION)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), mention: false });
    parts.push({ text: match[0], mention: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mention: false });
  return parts;
}
