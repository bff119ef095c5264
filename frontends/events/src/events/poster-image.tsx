import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/** How long the other posters wait for the first one at most (a stalled request must not hide them). */
export const FIRST_POSTER_WAIT_MS = 4000;

interface FirstPosterState {
  /** The first poster has loaded (or failed, or was waited for long enough): the others may load. */
  settled: boolean;
  settle: () => void;
}

// Without the provider nothing waits.
const FirstPosterContext = createContext<FirstPosterState>({ settled: true, settle: () => undefined });

/**
 * Holds every poster but the priority one until that one has loaded or failed. On mobile data the
 * posters below it (the carousel's other slides, the grid's first row, all within the browser's
 * lazy-loading distance) would otherwise share the connection with it and delay the page's largest
 * paint several times over (ADR 0032).
 */
export function FirstPosterFirst({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), FIRST_POSTER_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const value = useMemo(() => ({ settled, settle: () => setSettled(true) }), [settled]);
  return <FirstPosterContext.Provider value={value}>{children}</FirstPosterContext.Provider>;
}

/**
 * An event's poster with every width it was stored in (srcset), sized to avoid layout shifts.
 * Inside FirstPosterFirst, a poster that is not the priority one has no source until the first has
 * settled (its box keeps its size; its alt text stays for screen readers, transparent on screen).
 */
export function PosterImage({ event, sizes, alt, priority = false, className }: PosterImageProps) {
  const { settled, settle } = useContext(FirstPosterContext);
  const waiting = !priority && !settled;
  const variants = event.posterVariants;
  const largest = variants.at(-1);
  return (
    <img
      className={className}
      src={waiting ? undefined : event.posterLink}
      srcSet={
        !waiting && variants.length ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined
      }
      sizes={variants.length ? sizes : undefined}
      width={largest?.width}
      height={largest?.height}
      alt={alt}
      style={waiting ? { color: 'transparent' } : undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onLoad={priority ? settle : undefined}
      onError={priority ? settle : undefined}
    />
  );
}
