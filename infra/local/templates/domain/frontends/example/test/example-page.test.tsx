import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExampleListResponse, type ExampleItem } from '@campus/contracts/example';
import { EXAMPLE_MESSAGES, EXAMPLE_PAGE_SIZE } from '@campus/contracts/example-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import ExamplePage from '../src/example-page';

/** An item as the service answers it. */
const item = (id: string, title: string, authorName: string | null = 'Asha Rao'): ExampleItem => ({
  _id: id,
  title,
  createdBy: 'u-asha',
  authorName,
  createdAt: '2026-03-01T09:00:00.000Z',
});

/** Page `page` of `pages` of the list, as GET answers it. */
const listReply = (items: ExampleItem[], page = 1, pages = items.length ? 1 : 0) =>
  contractReply(ExampleListResponse, {
    success: true,
    message: items.length ? EXAMPLE_MESSAGES.found : EXAMPLE_MESSAGES.empty,
    data: items,
    page,
    pages,
    total: items.length,
  });

const open = (replies: Parameters<typeof renderRemoteScreen>[1]['replies']) =>
  renderRemoteScreen(<ExamplePage />, { user: null, path: '/example', replies });

describe('/example', () => {
  test('when a guest opens it, then the newest items with their authors, from the first page', async () => {
    const { requests } = open([listReply([item('i2', 'Second'), item('i1', 'First', null)])]);

    expect(screen.getByRole('heading', { level: 1, name: 'Example' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Second')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('by Asha Rao')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('First')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/^by /)).not.toBeInTheDocument();
    const url = new URL(requests[0]!.url, 'http://campus.test');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('limit')).toBe(String(EXAMPLE_PAGE_SIZE));
  });

  test('when there is more, then Load More appends the next page', async () => {
    const { requests } = open([
      listReply([item('i2', 'Second')], 1, 2),
      listReply([item('i1', 'First')], 2, 2),
    ]);

    await screen.findByText('Second');
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(new URL(requests[1]!.url, 'http://campus.test').searchParams.get('page')).toBe('2');
  });

  test('when there are none, then the empty message', async () => {
    open([listReply([])]);
    expect(await screen.findByText(EXAMPLE_MESSAGES.empty)).toBeInTheDocument();
  });

  test('when the list fails to load, then the error, and Retry loads it again', async () => {
    open([
      errorReply(503, { message: 'Example is unavailable', code: 'SERVICE_UNAVAILABLE' }),
      listReply([item('i1', 'First')]),
    ]);

    expect(await screen.findByText('Error: Example is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
  });
});
