/** Loads the page afresh from the server (a new release, a screen that cannot recover in place). */
export function reloadPage(): void {
  window.location.reload();
}
