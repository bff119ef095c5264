import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FIRST_POSTER_WAIT_MS, FirstPosterFirst, PosterImage } from '../src/events/poster-image';
import { campusEvent } from './events-fixtures';

function renderPosters() {
  render(
    <FirstPosterFirst>
      <PosterImage event={campusEvent(1)} sizes="100vw" alt="first" priority />
      <PosterImage event={campusEvent(2)} sizes="100vw" alt="second" />
    </FirstPosterFirst>,
  );
  return {
    first: screen.getByRole('img', { name: 'first' }),
    second: screen.getByRole('img', { name: 'second' }),
  };
}

afterEach(() => jest.useRealTimers());

describe('the first poster first', () => {
  test('while the first poster loads, then the others have no source yet but keep their box and alt text', () => {
    const { first, second } = renderPosters();
    expect(first).toHaveAttribute('src', campusEvent(1).posterLink);
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).not.toHaveAttribute('src');
    expect(second).not.toHaveAttribute('srcset');
    expect(second).toHaveAttribute('width');
    expect(second).toHaveAttribute('height');
  });

  test('when the first poster has loaded, then the others load (lazily)', () => {
    const { first, second } = renderPosters();
    fireEvent.load(first);
    expect(second).toHaveAttribute('src', campusEvent(2).posterLink);
    expect(second).toHaveAttribute('loading', 'lazy');
  });

  test('when the first poster fails, then the others load anyway', () => {
    const { first, second } = renderPosters();
    fireEvent.error(first);
    expect(second).toHaveAttribute('src', campusEvent(2).posterLink);
  });

  test('when the first poster never answers, then the others load after the wait', () => {
    jest.useFakeTimers();
    const { second } = renderPosters();
    act(() => jest.advanceTimersByTime(FIRST_POSTER_WAIT_MS - 1));
    expect(second).not.toHaveAttribute('src');
    act(() => jest.advanceTimersByTime(1));
    expect(second).toHaveAttribute('src', campusEvent(2).posterLink);
  });

  test('outside a page that holds them (the zoomed poster), then a poster loads at once', () => {
    render(<PosterImage event={campusEvent(3)} sizes="100vw" alt="zoomed" />);
    expect(screen.getByRole('img', { name: 'zoomed' })).toHaveAttribute('src', campusEvent(3).posterLink);
  });
});
