/** The spec's card left-edge palette; each name has a `--edge-<name>` token in tokens.css. */
export const CARD_EDGE_COLOURS = ['red', 'green', 'blue', 'purple', 'orange', 'teal', 'pink'] as const;

export type CardEdgeColour = (typeof CARD_EDGE_COLOURS)[number];

/** A random edge colour, as the spec describes for book cards. */
export function randomCardEdgeColour(random: () => number = Math.random): CardEdgeColour {
  return CARD_EDGE_COLOURS[Math.floor(random() * CARD_EDGE_COLOURS.length) % CARD_EDGE_COLOURS.length]!;
}

/**
 * A colour picked from a stable key (e.g. the record's _id): looks random across cards but does not
 * change on every re-render or refetch.
 */
export function cardEdgeColourFor(key: string): CardEdgeColour {
  let hash = 0;
  for (let index = 0; index < key.length; index += 1) hash = (hash * 31 + key.charCodeAt(index)) | 0;
  return CARD_EDGE_COLOURS[Math.abs(hash) % CARD_EDGE_COLOURS.length]!;
}
