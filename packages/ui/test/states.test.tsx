import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { AppLinkComponent } from '../src/app-link';
import { BackLink } from '../src/back-link';
import { Card, CardTitle } from '../src/card';
import { CARD_EDGE_COLOURS, cardEdgeColourFor, randomCardEdgeColour } from '../src/card-edge-colours';
import { EmptyState } from '../src/empty-state';
import { ErrorState } from '../src/error-state';
import { FloatingActionButton } from '../src/floating-action-button';
import { LoadMoreButton } from '../src/load-more-button';
import { SearchBar } from '../src/search-bar';
import { Skeleton } from '../src/skeleton';

describe('ErrorState', () => {
  it('when Try Again is pressed, then onRetry is called; the message is announced as an alert', async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Failed to load interview details." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load interview details.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('without onRetry, then no button shows', () => {
    render(<ErrorState message="Error fetching jobs" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('LoadMoreButton', () => {
  it('when more pages exist, then pressing it loads more; while loading it is disabled with its label', async () => {
    const onLoadMore = jest.fn();
    const { rerender } = render(<LoadMoreButton hasMore onLoadMore={onLoadMore} label="Load More Events" />);
    await userEvent.click(screen.getByRole('button', { name: 'Load More Events' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreButton hasMore loading onLoadMore={onLoadMore} loadingLabel="Loading events..." />);
    expect(screen.getByRole('button', { name: 'Loading events...' })).toBeDisabled();
  });

  it('when nothing more exists, then it renders nothing', () => {
    const { container } = render(<LoadMoreButton hasMore={false} onLoadMore={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('when the last page came by Load More and an end label is given, then the end is marked and takes the lost focus', async () => {
    const end = 'You have reached the end of the list.';
    const { rerender } = render(<LoadMoreButton hasMore onLoadMore={() => undefined} endLabel={end} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    rerender(<LoadMoreButton hasMore={false} reachedEnd onLoadMore={() => undefined} endLabel={end} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(end)).toHaveFocus();
  });

  it('when the end is reached but focus is elsewhere, then the cue shows without taking it', () => {
    const end = 'That is all.';
    render(
      <>
        <input aria-label="Search" autoFocus />
        <LoadMoreButton hasMore={false} reachedEnd onLoadMore={() => undefined} endLabel={end} />
      </>,
    );
    expect(screen.getByText(end)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});

describe('SearchBar', () => {
  it('is a labelled search box in a search landmark and reports each change', async () => {
    function Library() {
      const [query, setQuery] = useState('');
      return (
        <>
          <SearchBar
            label="Search books"
            placeholder="Search by title, tags or subject"
            value={query}
            onValueChange={setQuery}
          />
          <output>{query}</output>
        </>
      );
    }
    render(<Library />);
    expect(screen.getByRole('search', { name: 'Search books' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search books' }), 'dbms');
    expect(screen.getByRole('status')).toHaveTextContent('dbms');
  });
});

describe('BackLink', () => {
  it('renders a link with the given text through the component passed as `as`', () => {
    const RouterLink: AppLinkComponent = ({ href, ...rest }) => <a data-to={href} href={href} {...rest} />;
    render(
      <BackLink href="/feature" as={RouterLink}>
        Back to Home
      </BackLink>,
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('data-to', '/feature');
  });

  it('without href, then it is a button that runs onClick (e.g. history back)', async () => {
    const onClick = jest.fn();
    render(<BackLink onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Card', () => {
  it('with a CardTitle href, then the title is a link inside a heading and the edge colour class is set', () => {
    render(
      <Card as="article" edge="teal" interactive>
        <CardTitle href="/interviews/Acme/1">Acme · SDE Intern</CardTitle>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Acme · SDE Intern' })).toContainElement(
      screen.getByRole('link', { name: 'Acme · SDE Intern' }),
    );
    expect(screen.getByRole('article')).toHaveClass('edge-teal');
  });
});

describe('card edge colours', () => {
  it('are the spec palette, and picks always come from it', () => {
    expect(CARD_EDGE_COLOURS).toEqual(['red', 'green', 'blue', 'purple', 'orange', 'teal', 'pink']);
    expect(randomCardEdgeColour(() => 0)).toBe('red');
    expect(randomCardEdgeColour(() => 0.9999)).toBe('pink');
    for (const id of ['a', '65f0c2', 'another-id'])
      expect(CARD_EDGE_COLOURS).toContain(cardEdgeColourFor(id));
    expect(cardEdgeColourFor('65f0c2')).toBe(cardEdgeColourFor('65f0c2'));
  });
});

describe('EmptyState, Skeleton, FloatingActionButton', () => {
  it('show their text to assistive tech', () => {
    render(
      <>
        <EmptyState title="No books found matching your criteria" />
        <Skeleton variant="card" label="Loading interview" />
        <FloatingActionButton label="Create New Post" expanded={false} />
      </>,
    );
    expect(screen.getByText('No books found matching your criteria')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading interview');
    expect(screen.getByRole('button', { name: 'Create New Post' })).toHaveAttribute('aria-expanded', 'false');
  });
});
