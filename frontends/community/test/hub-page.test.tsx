import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Post, PostList } from '@campus/contracts/community';
import { POSTS_PAGE_SIZE } from '@campus/contracts/community-rules';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { apiReads, firstHtmlPreloads } from '@campus/web-kit/testing/first-html-preloads';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import HubPage from '../src/hub/hub-page';
import { post, postsPage, student, trending } from './community-fixtures';

const openHub = (user: typeof student | null, replies: Parameters<typeof renderRemoteScreen>[1]['replies']) =>
  renderRemoteScreen(<HubPage />, { user, path: '/community', replies });

describe('Community hub', () => {
  it('shows Back to /feature, Trending Discussions and the grid of posts linking to /post/{id}', async () => {
    openHub(null, [
      trending([post('p2', 'Most liked', { upvote: ['hidden', 'hidden'], upvotes: 2 })]),
      postsPage([post('p1', 'Newest question', { comments: ['c1'] }), post('p2', 'Most liked')]),
    ]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/feature');
    const aside = await screen.findByRole('complementary', { name: 'Trending Discussions' });
    expect(await within(aside).findByRole('link', { name: 'Most liked' })).toHaveAttribute(
      'href',
      '/post/p2',
    );
    expect(within(aside).getByText('2 upvotes')).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: 'Newest question' });
    expect(card).toHaveAttribute('href', '/post/p1');
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    expect(document.title).toBe('Community | Campus Connect');
  });

  it("its first reads answer with the reader's own votes, so the first HTML preloads none of them (a lapsed session would preload a guest's answer)", async () => {
    const { requests } = openHub(student, [trending([]), postsPage([])]);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    await screen.findByText('No discussions yet.');
    expect(apiReads(requests)).toHaveLength(2);
    expect(firstHtmlPreloads('/community')).toEqual([]);
  });

  it('when Load More is pressed, then the next page is read from where the service said (X-Next-Cursor) and added below, until a page ends the list', async () => {
    const firstPage = Array.from({ length: POSTS_PAGE_SIZE }, (_, i) =>
      post(`p${i + 1}`, `Question ${i + 1}`),
    );
    const { requests } = openHub(null, [
      trending([]),
      postsPage(firstPage, { nextCursor: 'cursor-from-the-service' }),
      postsPage([post('p21', 'Question 21'), post('p22', 'Question 22')], {
        cursor: 'cursor-from-the-service',
      }),
    ]);
    const list = await screen.findByRole('region', { name: 'All posts' });
    await within(list).findByRole('link', { name: 'Question 20' });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await within(list).findByRole('link', { name: 'Question 22' })).toHaveAttribute(
      'href',
      '/post/p22',
    );
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(POSTS_PAGE_SIZE + 2);
    expect(apiReads(requests)).toContain(
      `/api/community?limit=${POSTS_PAGE_SIZE}&cursor=cursor-from-the-service`,
    );
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('when the service names no next page, then there is no Load More', async () => {
    openHub(null, [trending([]), postsPage([post('p1', 'Only question')])]);
    await screen.findByRole('link', { name: 'Only question' });
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('when there are no posts, then an empty state', async () => {
    openHub(null, [trending([]), postsPage([])]);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('when a guest opens Create New Post, then the panel says Please log in to create a post. with a login link back here, and no form to type into', async () => {
    const { requests } = openHub(null, [trending([]), postsPage([])]);
    await userEvent.click(screen.getByRole('button', { name: 'Create New Post' }));
    expect(await screen.findByText('Please log in to create a post.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to post' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcommunity',
    );
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish Post' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('when the title or content is blank, then Publish is silently ignored', async () => {
    const { requests } = openHub(student, [trending([]), postsPage([])]);
    await userEvent.click(screen.getByRole('button', { name: 'Create New Post' }));
    await userEvent.type(await screen.findByLabelText('Title'), '   ');
    await userEvent.type(screen.getByLabelText('Content'), 'Something');
    await userEvent.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(screen.queryByText('Please log in to create a post.')).not.toBeInTheDocument();
  });

  it('when a student publishes, then the post goes first, the fields reset and the panel closes', async () => {
    const created = post('p9', 'Brand new', {
      tag: 'Advice',
      isAnonymous: true,
      createdBy: { _id: null, name: 'Anonymous User' },
    });
    const { requests } = openHub(student, [
      trending([]),
      postsPage([post('p1', 'Older post')]),
      contractReply(Post, created, { url: '/api/community', method: 'POST', status: 201 }),
      trending([created]),
    ]);
    await screen.findByRole('link', { name: 'Older post' });
    await userEvent.click(screen.getByRole('button', { name: 'Create New Post' }));
    await userEvent.type(await screen.findByLabelText('Title'), ' Brand new ');
    await userEvent.type(screen.getByLabelText('Content'), 'Details');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Advice');
    await userEvent.click(screen.getByLabelText('Post anonymously'));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Post' }));
    const list = await screen.findByRole('region', { name: 'All posts' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['Brand new', 'Older post']),
    );
    // The author is the session's user: the body names none (no createdBy).
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Brand new',
      content: 'Details',
      tag: 'Advice',
      isAnonymous: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Publish Post' })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create New Post' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Post anonymously')).not.toBeChecked();
  });
});

describe('Community hub search (issue 27)', () => {
  it('searches the typed words after a pause, keeps them in ?q=, orders by the chips and filters Unsolved; a solved card says Solved', async () => {
    const user = userEvent.setup();
    const { requests, location } = openHub(null, [
      trending([]),
      contractReply(PostList, [post('p9', 'Unsolved graph question')], { match: 'solved=false' }),
      contractReply(PostList, [post('p8', 'Top graph question', { solved: true, acceptedCommentId: 'c1' })], {
        match: 'sort=top',
      }),
      contractReply(PostList, [post('p7', 'Graph question', { solved: true, acceptedCommentId: 'c1' })], {
        match: 'q=graph',
      }),
      postsPage([post('p1', 'Newest question')]),
    ]);
    await screen.findByRole('link', { name: 'Newest question' });
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'graph');
    const found = await screen.findByRole('link', { name: 'Graph question' }, { timeout: 3000 });
    expect(within(found.closest('li')!).getByText('Solved')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('q=graph'))).toBe(true);
    await waitFor(() => expect(location.search).toContain('q=graph'));
    await user.click(screen.getByRole('button', { name: 'Top' }));
    expect(await screen.findByRole('link', { name: 'Top graph question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Unsolved' }));
    expect(await screen.findByRole('link', { name: 'Unsolved graph question' })).toBeInTheDocument();
    expect(screen.queryByText('Solved')).not.toBeInTheDocument();
  });
});
