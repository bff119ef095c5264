import { useEffect, useRef, useState, type FocusEvent } from 'react';

export interface CardListFocus {
  /** The `ref` of the element holding the cards; each card carries `data-card-id` and `tabIndex={-1}`. */
  container(element: HTMLDivElement | null): void;
  /** On the same element: remembers which card holds focus. */
  onFocus(event: FocusEvent<HTMLElement>): void;
  /** Call when Load More is pressed, before loading. */
  beforeLoadMore(): void;
}

/**
 * Keeps keyboard focus sensible in a list of cards that changes under it:
 * - after Load More, focus goes to the first card the new page brought (the button may be gone now,
 *   and that card is what to read next);
 * - when the card holding focus leaves the list (its book reviewed, its bookmark removed), focus
 *   goes to the card that took its place, or to the new last card, instead of falling to the page.
 *
 * `ids` are the cards' `data-card-id`s in the order shown; `loadingMore` is true while a Load More runs.
 */
export function useCardListFocus(ids: readonly string[], loadingMore: boolean): CardListFocus {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const shownBeforeLoadMore = useRef<ReadonlySet<string> | null>(null);
  const focusedCard = useRef<{ id: string; index: number } | null>(null);

  useEffect(() => {
    const focusCard = (id: string | undefined) => {
      const cards = container?.querySelectorAll<HTMLElement>('[data-card-id]') ?? [];
      Array.from(cards)
        .find((card) => card.dataset.cardId === id)
        ?.focus();
    };

    const active = document.activeElement;
    const focusLost = active === null || active === document.body;

    const shownBefore = shownBeforeLoadMore.current;
    if (shownBefore) {
      const firstNew = ids.find((id) => !shownBefore.has(id));
      // Done once the new page shows, or once the Load More ends without one (it failed).
      if (firstNew !== undefined || !loadingMore) shownBeforeLoadMore.current = null;
      // Focus is still where Load More left it (the button, or the page when the button went).
      const focusStayed = focusLost || Boolean(container?.contains(active));
      if (firstNew !== undefined && focusStayed) {
        focusCard(firstNew);
        return;
      }
    }

    const left = focusedCard.current;
    if (left && !ids.includes(left.id)) {
      focusedCard.current = null;
      if (focusLost) focusCard(ids[Math.min(left.index, ids.length - 1)]);
    }
  }, [container, ids, loadingMore]);

  return {
    container: setContainer,
    onFocus: (event) => {
      // Focus inside a dialog a card opened reaches here through the portal: the card keeps it.
      if (!event.currentTarget.contains(event.target as Node)) return;
      const id = (event.target as Element).closest<HTMLElement>('[data-card-id]')?.dataset.cardId;
      const index = id === undefined ? -1 : ids.indexOf(id);
      focusedCard.current = id === undefined || index < 0 ? null : { id, index };
    },
    beforeLoadMore: () => {
      shownBeforeLoadMore.current = new Set(ids);
    },
  };
}
