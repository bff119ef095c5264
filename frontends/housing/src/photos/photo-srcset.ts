import type { FlatPhotoVariant } from '@campus/contracts/housing';

/** `srcset` of a photo's variants (`<url> <width>w`). */
export const srcSetOf = (variants: FlatPhotoVariant[]) =>
  variants.map((v) => `${v.url} ${v.width}w`).join(', ');
