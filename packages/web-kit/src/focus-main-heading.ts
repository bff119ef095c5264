/**
 * After a route change, puts keyboard and screen-reader focus on the new page's main heading (its
 * first `h1`), so focus never falls to `<body>` and the heading is what is announced.
 *
 * Call it with the element that holds the page once the route has changed (the shell does, in its
 * page transition). A remote's page may render its heading a moment later (its code still loading):
 * then the heading is focused when it appears. Nothing is taken away from a screen that has already
 * placed focus itself (a chosen panel, a form field): the heading is focused only while focus was
 * lost to `<body>` or is on an element around the heading (`container`, a page wrapper). Returns a function that stops waiting (call it on the next route change).
 */
export function focusMainHeading(container: HTMLElement, options: { waitMs?: number } = {}): () => void {
  const { waitMs = 10_000 } = options;

  const focusIfStillOurs = (): boolean => {
    const heading = container.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    const active = document.activeElement;
    // Lost, or on a wrapper of the page (the container, a page transition): the heading is better.
    const focusIsOurs = active === null || active === document.body || active.contains(heading);
    if (!focusIsOurs) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };

  if (focusIfStillOurs() || typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusIfStillOurs()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
