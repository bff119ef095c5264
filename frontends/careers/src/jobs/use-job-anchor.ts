import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { JobPost } from '@campus/contracts/careers';

/** How a link names one job post (the content events' `link`): `/jobs#job-<id>`. */
const ANCHOR = /^#job-(.+)$/;

/**
 * A link to `#job-<id>` (a moderator's queue, an author's notification) brings that card into view
 * once the list shows it and gives it focus, once per navigation. A post on a later page, or one the
 * list does not hold (hidden, deleted), leaves the list at its top.
 */
export function useJobAnchor(jobs: readonly JobPost[]) {
  const location = useLocation();
  const target = ANCHOR.exec(location.hash)?.[1];
  const arrived = useRef('');

  useEffect(() => {
    if (!target || arrived.current === location.key) return;
    if (!jobs.some((job) => job._id === target)) return;
    const card = document.getElementById(`job-${target}`);
    if (!card) return;
    arrived.current = location.key;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [target, jobs, location.key]);
}
