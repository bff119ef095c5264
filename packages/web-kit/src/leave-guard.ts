import { useEffect } from 'react';

/**
 * Asks before the user leaves a form with unsaved text (issue 23 item 6). The shell routes with the
 * declarative <BrowserRouter> (no data router, so no useBlocker): every in-app navigation the user
 * starts is a click on a link (react-router's Link/NavLink, the nav bar, a card), so one capture
 * listener on the document sees it before the router does and can cancel it. Leaving the page
 * (reload, another site, closing the tab) gets the browser's own question through `beforeunload`.
 * web-kit is a page singleton, so a form in any remote guards the shell's links too.
 */
export const LEAVE_GUARD_MESSAGE =
  'You have text that is not submitted yet. It stays as a draft on this device. Leave this page?';

const guards = new Map<symbol, string>();

/** Whether a click on this element is an in-app navigation to another page (not a new tab, a download, a hash). */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  const to = new URL(anchor.href, window.location.href);
  if (to.origin !== window.location.origin) return false; // another site: beforeunload asks
  return to.pathname !== window.location.pathname || to.search !== window.location.search;
}

/**
 * Asks the question of the first active guard; true when the user agrees to leave (or nothing is
 * guarded). For a navigation a screen starts itself (`navigate(...)` after a click that is not a link).
 */
export function confirmLeave(): boolean {
  const message = guards.values().next().value;
  return message === undefined || window.confirm(message);
}

function onClick(event: MouseEvent) {
  if (guards.size === 0 || !leavingLink(event)) return;
  if (confirmLeave()) return;
  event.preventDefault();
  // Capture phase on the document: the router's own click handler (on React's root) never runs.
  event.stopImmediatePropagation();
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (guards.size === 0) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

function register(message: string): () => void {
  const id = Symbol('leave-guard');
  if (guards.size === 0) {
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
  }
  guards.set(id, message);
  return () => {
    guards.delete(id);
    if (guards.size === 0) {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    }
  };
}

/** While `active` (the form holds unsaved text), leaving through a link or closing the page asks first. */
export function useLeaveGuard(active: boolean, message: string = LEAVE_GUARD_MESSAGE): void {
  useEffect(() => (active ? register(message) : undefined), [active, message]);
}
