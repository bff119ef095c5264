import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast } from '../src/toast';

function BookmarkButton() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Book bookmarked successfully')}>
        Bookmark
      </button>
      <button type="button" onClick={() => toast.error('Please log in to vote.')}>
        Vote
      </button>
    </>
  );
}

describe('Toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when a success toast is shown, then its text is in the polite live region until the timeout', () => {
    render(
      <ToastProvider duration={3000}>
        <BookmarkButton />
      </ToastProvider>,
    );
    const politeRegion = screen.getByRole('status');
    expect(politeRegion).toHaveAttribute('aria-live', 'polite');
    expect(politeRegion).toBeEmptyDOMElement();

    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(politeRegion).toHaveTextContent('Book bookmarked successfully');

    act(() => jest.advanceTimersByTime(2900));
    expect(politeRegion).toHaveTextContent('Book bookmarked successfully');
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Book bookmarked successfully')).not.toBeInTheDocument();
  });

  it('when an error toast is shown, then it is announced assertively', () => {
    render(
      <ToastProvider duration={3000}>
        <BookmarkButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to vote.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('when the same message is shown again while on screen, then it replaces the first instead of stacking, with a fresh timer', () => {
    render(
      <ToastProvider duration={3000}>
        <BookmarkButton />
      </ToastProvider>,
    );
    const vote = screen.getByRole('button', { name: 'Vote' });
    fireEvent.click(vote);
    act(() => jest.advanceTimersByTime(4000));
    fireEvent.click(vote);
    fireEvent.click(vote);
    expect(screen.getAllByText('Please log in to vote.')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByText('Please log in to vote.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(screen.getByText('Book bookmarked successfully')).toBeInTheDocument();
    expect(screen.getAllByText('Please log in to vote.')).toHaveLength(1);
  });

  it('when the dismiss button is pressed, then the toast goes at once', () => {
    render(
      <ToastProvider>
        <BookmarkButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Book bookmarked successfully')).not.toBeInTheDocument();
  });

  it('while the pointer rests on a toast, then it stays; after leaving, it goes when the time left runs out', () => {
    render(
      <ToastProvider duration={3000}>
        <BookmarkButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.pointerEnter(screen.getByText('Book bookmarked successfully'), { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Book bookmarked successfully')).toBeInTheDocument();
    fireEvent.pointerLeave(screen.getByText('Book bookmarked successfully'), { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(2100));
    expect(screen.queryByText('Book bookmarked successfully')).not.toBeInTheDocument();
  });

  it('when used outside a ToastProvider, then it fails loudly', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<BookmarkButton />)).toThrow(/ToastProvider/);
  });
});
