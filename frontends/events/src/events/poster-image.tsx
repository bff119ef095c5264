import type { CampusEvent } from '@campus/contracts/events-domain';

export interface PosterImageProps {
  event: CampusEvent;
  /** The `sizes` of where it shows, so a 360 px phone fetches a small width. */
  sizes: string;
  alt: string;
  /** The page's first poster (the likely LCP): fetched first and not lazily. */
  priority?: boolean;
  className?: string;
}

/** An event's poster with every width it was stored in (srcset), sized to avoid layout shifts. */
export function PosterImage({ event, sizes, alt, priority = false, className }: PosterImageProps) {
  const variants = event.posterVariants;
  const largest = variants.at(-1);
  return (
    <img
      className={className}
      src={event.posterLink}
      srcSet={variants.length ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined}
      sizes={variants.length ? sizes : undefined}
      width={largest?.width}
      height={largest?.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
