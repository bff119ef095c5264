import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_TRANSITION_MS,
  EVENTS_MESSAGES,
} from '@campus/contracts/events-domain-rules';
import { EventCarousel } from '../src/events/event-carousel';
import { campusEvent, eventsFrom } from './events-fixtures';

/** react-slick moves on every autoplaySpeed + 50 ms; the first move ends 700 ms after its start. */
const INTERVAL_MS = CAROUSEL_AUTOPLAY_MS + 50;
const FIRST_MOVE_DONE_MS = INTERVAL_MS + CAROUSEL_TRANSITION_MS;

/** The slide react-slick shows now ("n of 5"). */
function currentSlide(): string | null {
  return document
    .querySelector('.slick-current [aria-roledescription="slide"]')
    ?.getAttribute('aria-label') as string | null;
}

/** Time passing in small steps, each rendered before the next (as in a browser). */
function advance(ms: number) {
  for (let left = ms; left > 0; left -= 50)
    act(() => {
      jest.advanceTimersByTime(Math.min(50, left));
    });
}

/** `prefers-reduced-motion: reduce` as the browser answers it (jsdom has no matchMedia). */
function preferReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  jest.useFakeTimers();
  preferReducedMotion(false);
});
afterEach(() => {
  jest.useRealTimers();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const renderCarousel = (onOpen = jest.fn()) =>
  render(<EventCarousel events={eventsFrom(5, 5)} onOpen={onOpen} />);

describe('Latest Events carousel', () => {
  test('then one slide at a time with a dot per event, arrows, the poster, title, two-line text, Register Now and Learn More', () => {
    const onOpen = jest.fn();
    render(
      <EventCarousel
        events={[campusEvent(2), campusEvent(1, { title: null, description: null })]}
        onOpen={onOpen}
      />,
    );
    const carousel = screen.getByRole('region', { name: 'Latest events' });
    expect(currentSlide()).toBe('1 of 2');
    expect(within(carousel).getAllByRole('button', { name: /^Show event \d$/ })).toHaveLength(2);
    expect(within(carousel).getByRole('button', { name: 'Previous event' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Next event' })).toBeInTheDocument();

    const first = document.querySelector('.slick-current') as HTMLElement;
    expect(within(first).getByRole('heading', { level: 2, name: 'Event 2' })).toBeInTheDocument();
    expect(within(first).getByText('All about event 2.')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      'https://forms.example.org/2',
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Learn More' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ _id: campusEvent(2)._id }));

    // The spec's form never asked for a title or a description: fallbacks, never an empty slide.
    expect(
      screen.getAllByRole('heading', { name: EVENTS_MESSAGES.untitled, hidden: true }).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText(EVENTS_MESSAGES.noDescription).length).toBeGreaterThan(0);
  });

  test('then the first poster is fetched first and eagerly, with srcset and sizes', () => {
    renderCarousel();
    const first = document.querySelector('.slick-current') as HTMLElement;
    const poster = within(first).getByRole('img', { name: 'Poster: Event 5' });
    expect(poster).toHaveAttribute('loading', 'eager');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(poster).toHaveAttribute('srcset', expect.stringContaining(' 320w'));
    expect(poster).toHaveAttribute('sizes', expect.stringContaining('100vw'));
    const second = screen
      .getAllByRole('img', { name: 'Poster: Event 4', hidden: true })
      .find((img) => img.closest('.slick-cloned') === null)!;
    expect(second).toHaveAttribute('loading', 'lazy');
  });

  test('when 5000 ms pass, then the next slide shows, and after the last it starts again from the first', () => {
    renderCarousel();
    expect(currentSlide()).toBe('1 of 5');
    advance(CAROUSEL_AUTOPLAY_MS - 500);
    expect(currentSlide()).toBe('1 of 5');
    advance(FIRST_MOVE_DONE_MS - (CAROUSEL_AUTOPLAY_MS - 500));
    expect(currentSlide()).toBe('2 of 5');
    const seen: Array<string | null> = [];
    for (let i = 0; i < 4; i++) {
      advance(INTERVAL_MS);
      seen.push(currentSlide());
    }
    expect(seen).toEqual(['3 of 5', '4 of 5', '5 of 5', '1 of 5']);
  });

  test('when the pointer is over the slides, then it stands still, and moves on once the pointer leaves', () => {
    renderCarousel();
    const track = document.querySelector('.slick-track') as HTMLElement;
    fireEvent.mouseEnter(track);
    advance(FIRST_MOVE_DONE_MS + INTERVAL_MS);
    expect(currentSlide()).toBe('1 of 5');
    fireEvent.mouseLeave(track);
    advance(FIRST_MOVE_DONE_MS);
    expect(currentSlide()).toBe('2 of 5');
  });

  test('when a keyboard user is on a slide’s link, then it stands still, and moves on once focus leaves the carousel', () => {
    renderCarousel();
    const first = document.querySelector('.slick-current') as HTMLElement;
    act(() => within(first).getByRole('link', { name: 'Register Now' }).focus());
    advance(FIRST_MOVE_DONE_MS + INTERVAL_MS);
    expect(currentSlide()).toBe('1 of 5');
    act(() => within(first).getByRole('button', { name: 'Learn More' }).focus());
    advance(INTERVAL_MS);
    expect(currentSlide()).toBe('1 of 5');
    act(() => (document.activeElement as HTMLElement).blur());
    advance(FIRST_MOVE_DONE_MS);
    expect(currentSlide()).toBe('2 of 5');
  });

  test('when the Pause button is pressed, then it stands still until Play is pressed', () => {
    renderCarousel();
    // A browser focuses a button it clicks: that focus must not hold the slides still.
    const press = (name: string) => {
      const button = screen.getByRole('button', { name });
      act(() => button.focus());
      fireEvent.click(button);
    };
    press('Pause slideshow');
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toHaveAttribute('aria-pressed', 'true');
    advance(FIRST_MOVE_DONE_MS + INTERVAL_MS);
    expect(currentSlide()).toBe('1 of 5');
    press('Play slideshow');
    advance(FIRST_MOVE_DONE_MS);
    expect(currentSlide()).toBe('2 of 5');
  });

  test('when it is held (the poster overlay is open), then it stands still until released', () => {
    const events = eventsFrom(5, 5);
    const { rerender } = render(<EventCarousel events={events} onOpen={jest.fn()} held />);
    advance(FIRST_MOVE_DONE_MS + INTERVAL_MS);
    expect(currentSlide()).toBe('1 of 5');
    rerender(<EventCarousel events={events} onOpen={jest.fn()} held={false} />);
    advance(FIRST_MOVE_DONE_MS);
    expect(currentSlide()).toBe('2 of 5');
  });

  test('when the user prefers reduced motion, then it never moves by itself and offers no Pause button, but the arrows still work', () => {
    preferReducedMotion(true);
    renderCarousel();
    expect(screen.queryByRole('button', { name: /slideshow/ })).not.toBeInTheDocument();
    advance(FIRST_MOVE_DONE_MS + INTERVAL_MS * 2);
    expect(currentSlide()).toBe('1 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next event' }));
    advance(CAROUSEL_TRANSITION_MS);
    expect(currentSlide()).toBe('2 of 5');
  });
});
