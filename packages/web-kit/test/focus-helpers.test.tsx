import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { focusMainHeading } from '../src/focus-main-heading';
import { useFocusOnArrival } from '../src/use-focus-on-arrival';

describe('focusMainHeading', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('when the page has its heading, then the heading takes focus (made focusable) instead of the body', () => {
    document.body.innerHTML = '<main><h1>Library</h1><button>Search</button></main>';
    const main = document.querySelector('main')!;
    focusMainHeading(main);
    const heading = screen.getByRole('heading', { name: 'Library' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('when the heading renders later (a remote still loading), then it takes focus when it appears', async () => {
    document.body.innerHTML = '<main><p>Loading...</p></main>';
    const main = document.querySelector('main')!;
    focusMainHeading(main);
    expect(document.body).toHaveFocus();

    const heading = document.createElement('h1');
    heading.textContent = 'Profile';
    main.append(heading);

    await act(async () => {
      await new Promise<void>((resolve) => queueMicrotask(resolve));
    });
    expect(heading).toHaveFocus();
  });

  it('when focus is on the wrapper around the page, then the heading takes it', () => {
    document.body.innerHTML = '<main><div tabindex="-1" id="page"><h1>Jobs</h1></div></main>';
    document.getElementById('page')!.focus();
    focusMainHeading(document.querySelector('main')!);
    expect(screen.getByRole('heading', { name: 'Jobs' })).toHaveFocus();
  });

  it('when the screen already put focus somewhere else (a chosen panel), then it is left there', () => {
    document.body.innerHTML =
      '<main><h1>Welcome</h1><section tabindex="-1" aria-label="My uploads">x</section></main>';
    const panel = screen.getByRole('region', { name: 'My uploads' });
    panel.focus();
    focusMainHeading(document.querySelector('main')!);
    expect(panel).toHaveFocus();
  });

  it('when stopped before the heading appears, then it does not take focus later', async () => {
    document.body.innerHTML = '<main></main>';
    const main = document.querySelector('main')!;
    const stop = focusMainHeading(main);
    stop();
    const heading = document.createElement('h1');
    main.append(heading);
    await act(async () => {
      await new Promise<void>((resolve) => queueMicrotask(resolve));
    });
    expect(heading).not.toHaveFocus();
  });
});

function Panels() {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const panel = useFocusOnArrival<HTMLElement>(chosen);
  return (
    <main>
      <button type="button" onClick={() => setChosen('uploads')}>
        My uploads
      </button>
      <section ref={panel} tabIndex={-1} aria-label={chosen ?? 'Overview'}>
        {chosen ?? 'overview'}
      </section>
    </main>
  );
}

describe('useFocusOnArrival', () => {
  it('when nothing is chosen, then focus is left alone', () => {
    render(<Panels />);
    expect(screen.getByRole('region', { name: 'Overview' })).not.toHaveFocus();
  });

  it('when a panel is chosen, then it takes focus and is scrolled into view when off screen', () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const getRect = jest
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 900 } as DOMRect);
    render(<Panels />);
    act(() => screen.getByRole('button', { name: 'My uploads' }).click());
    const panel = screen.getByRole('region', { name: 'uploads' });
    expect(panel).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    getRect.mockRestore();
  });

  it('when the chosen panel is already near the top, then it takes focus without scrolling', () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const getRect = jest
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 80 } as DOMRect);
    render(<Panels />);
    act(() => screen.getByRole('button', { name: 'My uploads' }).click());
    expect(screen.getByRole('region', { name: 'uploads' })).toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
    getRect.mockRestore();
  });
});
