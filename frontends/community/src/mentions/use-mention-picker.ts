import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import type { MemberSuggestions } from '@campus/contracts/community';
import { useAuth } from '@campus/web-kit/auth-context';
import { MEMBER_SEARCH_PAUSE_MS, useMemberSuggestions } from '../community-api';
import {
  insertMention,
  mentionedIds,
  mentionQueryAt,
  type MentionQuery,
  type PickedMember,
} from './mention-text';

/** The most people the picker lists at once. */
export const MENTION_SUGGESTIONS_SHOWN = 8;

/** `value` once it has stayed the same for `pauseMs`. */
function useSettledValue<T>(value: T, pauseMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), pauseMs);
    return () => clearTimeout(timer);
  }, [value, settled, pauseMs]);
  return settled;
}

export interface MentionPicker {
  /** Give it the textarea (a callback ref): the picker places its caret after a pick. */
  setInput(element: HTMLTextAreaElement | null): void;
  /** The id of the suggestions' listbox. */
  listboxId: string;
  /** The members offered for the `@name` at the caret (empty when closed). */
  options: MemberSuggestions;
  /** Which option Enter or Tab would pick. */
  activeIndex: number;
  optionId(index: number): string;
  /** What the picker tells assistive tech (how many were found, or that none was). */
  status: string;
  pick(member: MemberSuggestions[number]): void;
  /** Props for the textarea: its events and the ARIA that ties it to the listbox. */
  inputProps: {
    onChange(event: ChangeEvent<HTMLTextAreaElement>): void;
    onSelect(event: SyntheticEvent<HTMLTextAreaElement>): void;
    onFocus(event: SyntheticEvent<HTMLTextAreaElement>): void;
    onBlur(): void;
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
  };
  /** The ids of the picked members the text still names (`@Full Name`), to send as `mentions`. */
  mentionsIn(text: string): string[];
  /** Who was picked so far (a draft keeps them); `restore` puts them back. */
  picked: readonly PickedMember[];
  restore(picked: readonly PickedMember[]): void;
  /** Forgets who was picked (after the text was sent). */
  reset(): void;
}

/**
 * The composer's @mention picker: typing `@` and a letter or more at the caret asks the service who
 * matches (after a short pause; signed-in users only) and lists up to eight as a listbox under the
 * text box's control (arrows move, Enter or Tab picks, Escape closes for this `@`). Picking writes
 * `@Full Name ` in place of what was typed and remembers the member, so the text sent names them by
 * id (`mentionsIn`) as long as it still says their name.
 *
 * The textarea keeps its textbox role (a textarea may not be a combobox) and carries
 * aria-autocomplete="list", aria-controls and aria-activedescendant, as a combobox's input does.
 */
export function useMentionPicker({
  value,
  onChange,
}: {
  value: string;
  onChange(text: string): void;
}): MentionPicker {
  const { user } = useAuth();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listboxId = useId();
  // Where the caret is while the box has focus; null when it has none (the list closes).
  const [caret, setCaret] = useState<number | null>(null);
  // The `@` whose list was closed (Escape, or a pick): it stays closed until another `@` is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ q: '', index: 0 });
  const [picked, setPicked] = useState<readonly PickedMember[]>([]);
  const caretToPlace = useRef<number | null>(null);

  const query: MentionQuery | null = user && caret !== null ? mentionQueryAt(value, caret) : null;
  const open = query !== null && query.start !== dismissedAt;
  const typed = open ? query.text.trim() : '';
  const q = useSettledValue(typed, MEMBER_SEARCH_PAUSE_MS);
  const suggestions = useMemberSuggestions(q, open && q !== '');
  const options =
    open && q !== ''
      ? (suggestions.data ?? []).filter((m) => m._id !== user?._id).slice(0, MENTION_SUGGESTIONS_SHOWN)
      : [];
  const activeIndex = active.q === q ? Math.min(active.index, Math.max(options.length - 1, 0)) : 0;
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  const status =
    !open || q === '' || suggestions.isPending
      ? ''
      : suggestions.isError && !suggestions.data
        ? 'People to mention could not be loaded.'
        : options.length === 0
          ? suggestions.isPlaceholderData || suggestions.isFetching
            ? ''
            : `No one found for “${q}”.`
          : `${options.length} ${options.length === 1 ? 'person' : 'people'} found: up and down arrows to choose, Enter to mention.`;

  // Puts the caret after an inserted mention once the text shows it.
  useLayoutEffect(() => {
    const at = caretToPlace.current;
    const input = inputRef.current;
    if (at === null || !input || input.value !== value) return;
    caretToPlace.current = null;
    input.setSelectionRange(at, at);
  }, [value]);

  /** Follows the caret; a different `@` (or none) at it opens the list again. */
  function track(text: string, at: number | null) {
    setCaret(at);
    const next = at === null ? null : mentionQueryAt(text, at);
    if (next?.start !== dismissedAt) setDismissedAt(null);
  }
  const caretOf = (input: HTMLTextAreaElement) =>
    input.selectionStart === input.selectionEnd ? input.selectionStart : null;

  function pick(member: MemberSuggestions[number]) {
    if (!query || caret === null) return;
    const next = insertMention(value, query.start, caret, member.name);
    setPicked((list) => (list.some((m) => m._id === member._id) ? list : [...list, member]));
    setDismissedAt(query.start);
    setCaret(next.caret);
    caretToPlace.current = next.caret;
    onChange(next.text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    const count = options.length;
    if (event.key === 'Escape') {
      // Closes the list only; the dialog around the composer stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(query.start);
      return;
    }
    if (count === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ q, index: (activeIndex + step + count) % count });
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      const member = options[activeIndex];
      if (!member) return;
      event.preventDefault();
      event.stopPropagation();
      pick(member);
    }
  }

  const hasList = options.length > 0;
  return {
    setInput: useCallback((element: HTMLTextAreaElement | null) => {
      inputRef.current = element;
    }, []),
    listboxId,
    options,
    activeIndex,
    optionId,
    status,
    pick,
    inputProps: {
      onChange: (event) => {
        onChange(event.target.value);
        track(event.target.value, caretOf(event.target));
      },
      onSelect: (event) => track(event.currentTarget.value, caretOf(event.currentTarget)),
      onFocus: (event) => track(event.currentTarget.value, caretOf(event.currentTarget)),
      onBlur: () => setCaret(null),
      onKeyDown,
      'aria-autocomplete': 'list',
      'aria-controls': hasList ? listboxId : undefined,
      'aria-activedescendant': hasList ? optionId(activeIndex) : undefined,
    },
    mentionsIn: (text) => mentionedIds(text, picked),
    picked,
    restore: setPicked,
    reset: () => setPicked([]),
  };
}
