import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { FlatRequest } from '@campus/contracts/housing';

/** How a link names one request (`flatLink` in the contracts): `/roomfinder#flat-<id>`. */
const ANCHOR = /^#flat-(.+)$/;

/**
 * A link to `#flat-<id>` (a moderator's queue, an author's notification) brings that card into view
 * once the list shows it and gives it focus, once per navigation. A request on a later page, or one
 * the list does not hold (hidden, deleted), leaves the list at its top.
 */
export function useFlatAnchor(flats: readonly FlatRequest[]) {
  const location = useLocation();
  const target = ANCHOR.exec(location.hash)?.[1];
  const arrived = useRef('');

  useEffect(() => {
    if (!target || arrived.current === location.key) return;
    if (!flats.some((flat) => flat._id === target)) return;
    const card = document.getElementById(`flat-${target}`);
    if (!card) return;
    arrived.current = location.key;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [target, flats, location.key]);
}
