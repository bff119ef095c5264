import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import Slider, { type Settings } from 'react-slick';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_TRANSITION_MS } from '@campus/contracts/events-domain-rules';
import { Button } from '@campus/ui/button';
import { PosterImage } from './poster-image';
import { eventDescription, eventTitle, posterAlt } from './event-text';
import styles from './event-carousel.module.css';
import { RegisterNowLink } from './register-now-link';
import { EventWhenWhere } from './event-when-where';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;

/**
 * Slides react-slick hides (the others, and the clones it adds for the infinite loop) are marked
 * `aria-hidden`; making them `inert` too keeps their links out of the tab order and the
 * accessibility tree, as axe requires, while they stay visible as they slide.
 */
function useInertHiddenSlides(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const sync = () => {
      for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) {
        slide.inert = slide.getAttribute('aria-hidden') === 'true';
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-hidden'],
      childList: true,
    });
    return () => observer.disconnect();
  }, [container]);
}

/** react-slick's arrow, as a named button (it passes the class names and the click handler). */
function Arrow({
  className,
  onClick,
  label,
  glyph,
}: {
  className?: string;
  onClick?: () => void;
  label: string;
  glyph: string;
}) {
  return (
    <button type="button" className={className} onClick={onClick} aria-label={label}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}

export interface EventCarouselProps {
  /** The first 5 events. */
  events: CampusEvent[];
  onOpen: (event: CampusEvent) => void;
  /** Stand still for now (an overlay opened from a slide is showing: focus goes back to it after). */
  held?: boolean;
}

/**
 * 'Latest Events': one slide at a time, a new one every 5000 ms, each move 700 ms, looping, with
 * dots and arrows (spec §4, §9). It pauses while hovered, while focus is in its slides, arrows or
 * dots, and while `held` (the poster overlay is open); it has a Pause button (WCAG 2.2.2), and
 * stands still for users who prefer reduced motion.
 */
export function EventCarousel({ events, onOpen, held = false }: EventCarouselProps) {
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const [paused, setPaused] = useState(false);
  // react-slick's pauseOnFocus listens on the slide element only (focus does not bubble), so a
  // keyboard user on a slide's link would see it slide away (and turn inert) under them: focus
  // anywhere in the slides, arrows or dots pauses it.
  const [focusWithin, setFocusWithin] = useState(false);
  const slider = useRef<Slider>(null);
  const container = useRef<HTMLElement>(null);
  useInertHiddenSlides(container);
  const autoplay = !reducedMotion && !paused && !focusWithin && !held && events.length > 1;

  useEffect(() => {
    if (autoplay) slider.current?.slickPlay();
    else slider.current?.slickPause();
  }, [autoplay]);

  const settings: Settings = {
    autoplay,
    autoplaySpeed: CAROUSEL_AUTOPLAY_MS,
    speed: reducedMotion ? 0 : CAROUSEL_TRANSITION_MS,
    infinite: events.length > 1,
    dots: true,
    arrows: true,
    slidesToShow: 1,
    slidesToScroll: 1,
    pauseOnHover: true,
    pauseOnFocus: true,
    pauseOnDotsHover: true,
    adaptiveHeight: false,
    accessibility: true,
    prevArrow: <Arrow label="Previous event" glyph="‹" />,
    nextArrow: <Arrow label="Next event" glyph="›" />,
    customPaging: (i) => <button type="button" aria-label={`Show event ${i + 1}`} />,
    // react-slick's default list carries an inline `display: block`, which stacked the dots down the
    // slide's text on a phone; without it the stylesheet lays them out in a row.
    appendDots: (dots) => <ul>{dots}</ul>,
  };

  return (
    <section
      className={styles.carousel}
      ref={container}
      aria-roledescription="carousel"
      aria-label="Latest events"
    >
      {events.length > 1 && !reducedMotion && (
        <Button
          variant="ghost"
          size="sm"
          className={styles.pause}
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? 'Play slideshow' : 'Pause slideshow'}
        </Button>
      )}
      {/* The Pause button stays outside: pressing Play (which focuses it) must start the slides. */}
      <div
        onFocus={() => setFocusWithin(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
        }}
      >
        <Slider ref={slider} {...settings}>
          {events.map((event, index) => (
            <div key={event._id}>
              <article
                className={styles.slide}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${events.length}`}
              >
                <div className={styles.posterFrame}>
                  <PosterImage
                    event={event}
                    sizes="(min-width: 768px) 22rem, calc(100vw - 2rem)"
                    alt={posterAlt(event)}
                    priority={index === 0}
                    className={styles.poster}
                  />
                </div>
                <div className={styles.text}>
                  <h2 className={styles.title}>{eventTitle(event)}</h2>
                  <EventWhenWhere event={event} />
                  <p className={styles.description}>{eventDescription(event)}</p>
                  <div className={styles.actions}>
                    <RegisterNowLink event={event} className={styles.register} />
                    <Button variant="secondary" onClick={() => onOpen(event)}>
                      Learn More
                    </Button>
                  </div>
                </div>
              </article>
            </div>
          ))}
        </Slider>
      </div>
    </section>
  );
}
