import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Comment, Post } from '@campus/contracts/community';
import { COMMENTS_MAX_LIMIT } from '@campus/contracts/community-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { apiReads } from '@campus/web-kit/testing/first-html-preloads';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import PostPage from '../src/post/post-page';
import { comment, onePost, post, student, thread } from './community-fixtures';

const openPost = (
  user: typeof student | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'],
) => renderRemoteScreen(<PostPage />, { user, path: '/post/p1', route: '/post/:postId', replies });

describe('Community post', () => {
  it('shows Back to Community, the post, its tag, comment count and the nested thread', async () => {
    openPost(null, [
      onePost(post('p1', 'Hostel wifi', { tag: 'Advice', comments: ['c1', 'c2', 'c3'] })),
      thread('p1', [
        comment('c1', 'Top level'),
        comment('c2', 'A reply', {
          parentId: 'c1',
          createdBy: { _id: null, name: 'Anonymous User' },
          isAnonymous: true,
        }),
        comment('c3', 'Another top level'),
      ]),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hostel wifi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/community');
    expect(screen.getByText('Advice')).toBeInTheDocument();
    expect(screen.getByText('3 Comments')).toBeInTheDocument();
    const top = (await screen.findByText('Top level')).closest('li')!;
    const reply = screen.getByText('A reply').closest('li')!;
    expect(reply.parentElement?.closest('li')).toBe(top);
    expect(screen.getByText('Another top level').closest('li')?.parentElement?.closest('li')).toBeNull();
    expect(within(reply).getByText('Anonymous User')).toBeInTheDocument();
  });

  it('when the thread is longer than a page, then every page is read from where the service said (X-Next-Cursor), and a reply on a later page nests under its parent', async () => {
    const firstPage = Array.from({ length: COMMENTS_MAX_LIMIT }, (_, i) =>
      comment(`c${i + 1}`, `Comment ${i + 1}`),
    );
    const { requests } = openPost(null, [
      onePost(post('p1', 'Busy thread')),
      thread('p1', firstPage, { nextCursor: 'cursor-from-the-service' }),
      thread('p1', [comment('c501', 'A late reply', { parentId: 'c1' })], {
        cursor: 'cursor-from-the-service',
      }),
    ]);
    const reply = (await screen.findByText('A late reply')).closest('li')!;
    expect(reply.parentElement?.closest('li')).toBe(screen.getByText('Comment 1').closest('li'));
    expect(apiReads(requests)).toEqual([
      '/api/comments/p1?limit=500',
      '/api/comments/p1?limit=500&cursor=cursor-from-the-service',
      '/api/community/p1',
    ]);
  });

  it('when the post is in Arabic, then its title, body, author and comments follow their own direction (dir=auto)', async () => {
    openPost(null, [
      onePost(post('p1', 'سؤال: أي مادة اختيارية؟', { content: 'ساعدوني في الاختيار' })),
      thread('p1', [comment('c1', 'الرياضيات أولاً')]),
    ]);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('ساعدوني في الاختيار')).toHaveAttribute('dir', 'auto');
    expect(await screen.findByText('الرياضيات أولاً')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Ravi Kumar', { selector: 'article span' })).toHaveAttribute('dir', 'auto');
  });

  it('when a guest votes, then the toast says Please log in to vote. and nothing is sent', async () => {
    const { requests } = openPost(null, [onePost(post('p1', 'Hostel wifi')), thread('p1', [])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upvote 0' }));
    expect(await screen.findByText('Please log in to vote.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('when a student upvotes, then the updated post from the server replaces the shown one', async () => {
    const { requests } = openPost(student, [
      onePost(post('p1', 'Hostel wifi')),
      thread('p1', []),
      contractReply(Post, post('p1', 'Hostel wifi', { upvote: [student._id], upvotes: 1, myVote: 'up' }), {
        url: '/api/community/p1/upvote',
        method: 'PATCH',
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upvote 0' }));
    const up = await screen.findByRole('button', { name: 'Upvote 1' });
    expect(up).toHaveAttribute('aria-pressed', 'true');
    // The voter is the session's user: the body names none (no userId).
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{}]);
  });

  it('when a student replies anonymously, then the reply is sent with its parent and the bar clears', async () => {
    const created = comment('c2', 'Me too', {
      parentId: 'c1',
      isAnonymous: true,
      createdBy: { _id: null, name: 'Anonymous User' },
    });
    const { requests } = openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1'] })),
      thread('p1', [comment('c1', 'Top level')]),
      contractReply(Comment, created, { url: '/api/comments/p1', method: 'POST', status: 201 }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Ravi Kumar' }));
    expect(screen.getByText(/Replying to comment/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your reply'), 'Me too');
    await userEvent.click(screen.getByLabelText('Comment anonymously'));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Me too')).toBeInTheDocument();
    // The author is the session's user: the body names none (no createdBy).
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      content: 'Me too',
      isAnonymous: true,
      parentId: 'c1',
    });
    await waitFor(() => expect(screen.queryByText(/Replying to comment/)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
    expect(screen.getByLabelText('Comment anonymously')).not.toBeChecked();
    expect(screen.getByText('2 Comments')).toBeInTheDocument();
  });

  it('when the author opens their own anonymous post, then Comment anonymously starts ticked and the comment goes anonymous', async () => {
    const mine = post('p1', 'Secret worry', {
      isAnonymous: true,
      isOwnPost: true,
      createdBy: { _id: null, name: 'Anonymous User' },
    });
    const { requests } = openPost(student, [
      onePost(mine),
      thread('p1', []),
      contractReply(Comment, comment('c1', 'Any ideas?', { isAnonymous: true }), {
        url: '/api/comments/p1',
        method: 'POST',
        status: 201,
      }),
    ]);
    expect(await screen.findByLabelText('Comment anonymously')).toBeChecked();
    await userEvent.type(screen.getByLabelText('Your comment'), 'Any ideas?');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ isAnonymous: true }),
    );
    await waitFor(() => expect(screen.getByLabelText('Your comment')).toHaveValue(''));
    expect(screen.getByLabelText('Comment anonymously')).toBeChecked();
  });

  it('when someone else’s post is anonymous, then Comment anonymously starts unticked', async () => {
    openPost(student, [
      onePost(
        post('p1', 'Secret worry', { isAnonymous: true, createdBy: { _id: null, name: 'Anonymous User' } }),
      ),
      thread('p1', []),
    ]);
    expect(await screen.findByLabelText('Comment anonymously')).not.toBeChecked();
  });

  it('when the comment is blank, then nothing is sent', async () => {
    const { requests } = openPost(student, [onePost(post('p1', 'Hostel wifi')), thread('p1', [])]);
    await userEvent.type(await screen.findByLabelText('Your comment'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('when the post does not exist, then Post not found', async () => {
    openPost(null, [
      errorReply(404, { message: 'Post not found.', code: 'POST_NOT_FOUND' }, { url: '/api/community/p1' }),
      thread('p1', []),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });
});
