import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import { apiReads } from '@campus/web-kit/testing/first-html-preloads';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import PostPage from '../src/post/post-page';
import { ANCHOR_RELOADS_MAX } from '../src/post/use-comment-anchor';
import { comment, onePost, post, thread } from './community-fixtures';

const openLink = (path: string, replies: Parameters<typeof renderRemoteScreen>[1]['replies']) =>
  renderRemoteScreen(<PostPage />, { user: null, path, route: '/post/:postId', replies });

// jsdom lays nothing out and has no scrollIntoView: record which elements were brought into view.
let scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolledTo.push(this);
  };
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const threadReads = (requests: Array<{ method: string; url: string }>) =>
  apiReads(requests).filter((url) => url.startsWith('/api/comments/p1'));

const article = (text: string) => screen.getByText(text).closest('article')!;

describe('A link to /post/<id>#comment-<commentId>', () => {
  it('brings that comment into view, gives it focus (a screen reader reads it) and lights it up', async () => {
    openLink('/post/p1#comment-c2', [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1', 'c2', 'c3'] })),
      thread('p1', [
        comment('c1', 'First'),
        comment('c2', 'The linked reply', { parentId: 'c1' }),
        comment('c3', 'Last'),
      ]),
    ]);
    await screen.findByText('The linked reply');
    const linked = article('The linked reply');
    await waitFor(() => expect(linked).toHaveFocus());
    expect(linked).toHaveAttribute('id', 'comment-c2');
    expect(linked).toHaveAttribute('data-highlighted');
    expect(linked).toHaveAccessibleName('Comment by Ravi Kumar');
    expect(scrolledTo).toEqual([linked]);
    expect(article('First')).not.toHaveAttribute('data-highlighted');
  });

  it('when the thread as read does not hold the comment yet (it is newer), then the thread is read again until it does', async () => {
    const { requests } = openLink('/post/p1#comment-c2', [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'] })),
      thread('p1', [comment('c1', 'First')]),
      thread('p1', [comment('c1', 'First'), comment('c2', 'Just written')]),
    ]);
    await screen.findByText('Just written');
    await waitFor(() => expect(article('Just written')).toHaveFocus());
    expect(article('Just written')).toHaveAttribute('data-highlighted');
    expect(threadReads(requests)).toHaveLength(2);
  });

  it(`when the comment is not there after ${ANCHOR_RELOADS_MAX} more reads, then the page says so and stops asking`, async () => {
    const { requests } = openLink('/post/p1#comment-gone', [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'] })),
      ...Array.from({ length: ANCHOR_RELOADS_MAX + 1 }, () => thread('p1', [comment('c1', 'First')])),
    ]);
    expect(
      await screen.findByText('The comment this link points to is not in the thread any more.'),
    ).toHaveAttribute('role', 'status');
    expect(threadReads(requests)).toHaveLength(1 + ANCHOR_RELOADS_MAX);
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(scrolledTo).toEqual([]);
  });

  it('without a #comment- link, nothing is focused or lit up', async () => {
    openLink('/post/p1#top', [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'] })),
      thread('p1', [comment('c1', 'First')]),
    ]);
    await screen.findByText('First');
    expect(article('First')).not.toHaveFocus();
    expect(article('First')).not.toHaveAttribute('data-highlighted');
  });
});
