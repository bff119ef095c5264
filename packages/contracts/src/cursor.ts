/**
 * Cursor paging's plain part: the position a page ended at and its opaque text (no schemas, so a
 * screen handing a cursor back imports no zod; `paging.ts` parses cursors with a schema).
 */
/** Where the next page of a cursor-paged list starts: after this item in (createdAt desc, id desc) order. */
export interface CursorPosition {
  createdAt: string;
  id: string;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
export const fromBase64Url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  );

/** An opaque cursor for the item a page ended with; clients only hand it back. */
export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(JSON.stringify([position.createdAt, position.id]));
}
