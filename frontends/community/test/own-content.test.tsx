import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Comment,
  CommentDeletedResponse,
  Post,
  PostDeletedResponse,
  PostList,
  type Post as PostType,
} from '@campus/contracts/community';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import { DELETED_PLACEHOLDER } from '@campus/contracts/moderation-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import HubPage from '../src/hub/hub-page';
import PostPage from '../src/post/post-page';
import { comment, onePost, post, postsPage, student, thread, trending } from './community-fixtures';

type Replies = Parameters<typeof renderRemoteScreen>[1]['replies'];
const openHub = (user: typeof student | null, replies: Replies) =>
  renderRemoteScreen(<HubPage />, { user, path: '/community', replies });
const openPost = (user: typeof student | null, replies: Replies) =>
  renderRemoteScreen(<PostPage />, { user, path: '/post/p1', route: '/post/:postId', replies });

const me = { _id: student._id, name: student.name };
const mine = (change: Partial<PostType> = {}) =>
  post('p1', 'Library hours', { createdBy: me, isOwnPost: true, following: true, ...change });
// The first read waits longer than findBy's second: on a busy CI machine the hub's first render
// (with its lazy chunks) has taken more than that.
const card = async (title: string) =>
  (await screen.findByRole('link', { name: title }, { timeout: 5000 })).closest('li') as HTMLElement;

describe('Own posts on the hub', () => {
  it('when the author views the hub, then their card offers Edit and Delete and no Report; another student’s card offers Report only', async () => {
    openHub(student, [trending([]), postsPage([mine(), post('p2', 'Not mine')])]);
    const own = await card('Library hours');
    expect(within(own).getByRole('button', { name: 'Edit Library hours' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete Library hours' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Report/ })).toBeNull();
    const other = await card('Not mine');
    expect(within(other).getByRole('button', { name: 'Report this post' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
  });

  it('when a guest views the hub, then no card offers Edit, Delete or Report', async () => {
    openHub(null, [trending([]), postsPage([post('p2', 'Not mine')])]);
    const other = await card('Not mine');
    expect(within(other).queryByRole('button')).toBeNull();
  });

  it('when the author edits from the card, then the form comes filled in, only the change is sent, and the card shows it with "edited"', async () => {
    const edited = mine({ title: 'Library hours in exam week', editedAt: new Date().toISOString() });
    const { requests } = openHub(student, [
      trending([]),
      postsPage([mine()]),
      contractReply(Post, edited, { url: '/api/community/p1', method: 'PATCH' }),
      trending([]),
    ]);
    await userEvent.click(
      within(await card('Library hours')).getByRole('button', { name: 'Edit Library hours' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Library hours');
    expect(within(dialog).getByLabelText(/^Content/)).toHaveValue('About Library hours');
    await userEvent.clear(within(dialog).getByLabelText(/^Title/));
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Library hours in exam week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit post' })).toBeNull());
    const updated = await card('Library hours in exam week');
    expect(within(updated).getByText(/edited/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ title: 'Library hours in exam week' });
  });

  it('when the service refuses the edit, then the dialog stays open with what was typed and says why', async () => {
    openHub(student, [
      trending([]),
      postsPage([mine()]),
      errorReply(
        400,
        { code: 'VALIDATION_FAILED', message: 'Title must be at most 200 characters.' },
        { url: '/api/community/p1', method: 'PATCH' },
      ),
    ]);
    await userEvent.click(
      within(await card('Library hours')).getByRole('button', { name: 'Edit Library hours' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    await userEvent.type(within(dialog).getByLabelText(/^Content/), ' and Sundays?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Title must be at most 200 characters.',
    );
    expect(within(dialog).getByLabelText(/^Content/)).toHaveValue('About Library hours and Sundays?');
  });

  it('when the author deletes from the card, then it asks first (Cancel focused), and only Delete post sends it and takes the card away', async () => {
    const { requests } = openHub(student, [
      trending([]),
      postsPage([mine(), post('p2', 'Not mine')]),
      contractReply(
        PostDeletedResponse,
        { success: true, message: COMMUNITY_MESSAGES.postDeleted, data: { _id: 'p1' } },
        { url: '/api/community/p1', method: 'DELETE' },
      ),
      trending([]),
    ]);
    const own = await card('Library hours');
    await userEvent.click(within(own).getByRole('button', { name: 'Delete Library hours' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(within(own).getByRole('button', { name: 'Delete Library hours' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Library hours' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Not mine' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/community/p1']);
  });

  it('when the author deletes a post found by a search, then its card leaves the searched list too, and an edit there shows at once', async () => {
    const searched = (p: PostType[]) => contractReply(PostList, p, { match: 'q=library' });
    renderRemoteScreen(<HubPage />, {
      user: student,
      path: '/community?q=library',
      route: '/community',
      replies: [
        trending([]),
        searched([mine(), post('p2', 'Library rules')]),
        contractReply(Post, mine({ title: 'Library hours (fixed)', editedAt: new Date().toISOString() }), {
          url: '/api/community/p1',
          method: 'PATCH',
        }),
        contractReply(
          PostDeletedResponse,
          { success: true, message: COMMUNITY_MESSAGES.postDeleted, data: { _id: 'p1' } },
          { url: '/api/community/p1', method: 'DELETE' },
        ),
        trending([]),
      ],
    });
    await userEvent.click(
      within(await card('Library hours')).getByRole('button', { name: 'Edit Library hours' }),
    );
    const editing = await screen.findByRole('dialog', { name: 'Edit post' });
    await userEvent.clear(within(editing).getByLabelText(/^Title/));
    await userEvent.type(within(editing).getByLabelText(/^Title/), 'Library hours (fixed)');
    await userEvent.click(within(editing).getByRole('button', { name: 'Save changes' }));
    const fixed = await card('Library hours (fixed)');
    await userEvent.click(within(fixed).getByRole('button', { name: 'Delete Library hours (fixed)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Library hours (fixed)' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Library rules' })).toBeInTheDocument();
  });
});

describe('Own posts and comments on the thread page', () => {
  it('when the author opens their hidden post, then it says "Hidden by a moderator: <reason>" and offers no comment box', async () => {
    openPost(student, [
      onePost(mine({ moderation: { state: 'hidden', reason: 'Shares a phone number.' } })),
      thread('p1', []),
    ]);
    expect(await screen.findByText('Hidden by a moderator: Shares a phone number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Library hours' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a comment' })).toBeNull();
  });

  it("shows the author Edit and Delete on their own comment, Report on others', and nothing on a '[deleted]' one, which names nobody", async () => {
    openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c2', 'c3'] })),
      thread('p1', [
        comment('c1', DELETED_PLACEHOLDER, {
          createdBy: { _id: null, name: DELETED_PLACEHOLDER },
          deleted: true,
        }),
        comment('c2', 'My reply', {
          parentId: 'c1',
          createdBy: { _id: null, name: 'Anonymous User' },
          isAnonymous: true,
          isOwnComment: true,
          editedAt: new Date().toISOString(),
        }),
        comment('c3', 'Their reply', { parentId: 'c1' }),
      ]),
    ]);
    const deleted = await screen.findByRole('article', { name: 'Deleted comment' });
    expect(deleted).toHaveTextContent(DELETED_PLACEHOLDER);
    expect(within(deleted).queryByRole('button')).toBeNull();
    const own = screen.getByText('My reply').closest('article')!;
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(own).getByText(/edited/)).toBeInTheDocument();
    const theirs = screen.getByText('Their reply').closest('article')!;
    expect(within(theirs).getByRole('button', { name: 'Report this comment' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: /^(Edit|Delete)$/ })).toBeNull();
  });

  it('when a guest reads the thread, then no comment offers Edit, Delete or Report', async () => {
    openPost(null, [
      onePost(post('p1', 'Hostel wifi')),
      thread('p1', [comment('c1', 'A comment', { isOwnComment: false })]),
    ]);
    const article = (await screen.findByText('A comment')).closest('article')!;
    expect(within(article).queryByRole('button', { name: /^(Edit|Delete|Report)/ })).toBeNull();
  });

  it('when the author edits a comment in place, then Save sends the text and the thread shows it; a refusal keeps the text and says why', async () => {
    const { requests } = openPost(student, [
      onePost(post('p1', 'Hostel wifi')),
      thread('p1', [comment('c1', 'Frist!', { createdBy: me, isOwnComment: true, postId: 'p1' })]),
      errorReply(
        503,
        { code: 'UNAVAILABLE', message: 'Try again in a moment.' },
        {
          url: '/api/comments/p1/c1',
          method: 'PATCH',
        },
      ),
      contractReply(
        Comment,
        comment('c1', 'First!', {
          createdBy: me,
          isOwnComment: true,
          editedAt: new Date().toISOString(),
        }),
        { url: '/api/comments/p1/c1', method: 'PATCH' },
      ),
    ]);
    const article = (await screen.findByText('Frist!')).closest('article')!;
    await userEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    const box = within(article).getByRole('textbox', { name: /Edit your comment/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'First!');
    await userEvent.click(within(article).getByRole('button', { name: 'Save' }));
    expect(await within(article).findByText('Try again in a moment.')).toBeInTheDocument();
    expect(within(article).getByRole('textbox', { name: /Edit your comment/ })).toHaveValue('First!');
    await userEvent.click(within(article).getByRole('button', { name: 'Save' }));
    expect(await within(article).findByText('First!')).toBeInTheDocument();
    expect(within(article).getByText(/edited/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { content: 'First!' },
      { content: 'First!' },
    ]);
  });

  it("when the author deletes a comment that has a reply, then it asks first and the thread keeps '[deleted]' with the reply under it", async () => {
    const { requests } = openPost(student, [
      onePost(post('p1', 'Hostel wifi', { comments: ['c1', 'c2'], commentCount: 2 })),
      thread('p1', [
        comment('c1', 'I said a thing', { createdBy: me, isOwnComment: true }),
        comment('c2', 'A reply to it', { parentId: 'c1' }),
      ]),
      contractReply(
        CommentDeletedResponse,
        {
          success: true,
          message: COMMUNITY_MESSAGES.commentDeleted,
          data: { _id: 'c1', postId: 'p1', placeholder: true },
        },
        { url: '/api/comments/p1/c1', method: 'DELETE' },
      ),
      thread('p1', [
        comment('c1', DELETED_PLACEHOLDER, {
          createdBy: { _id: null, name: DELETED_PLACEHOLDER },
          deleted: true,
        }),
        comment('c2', 'A reply to it', { parentId: 'c1' }),
      ]),
    ]);
    const article = (await screen.findByText('I said a thing')).closest('article')!;
    await userEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('the replies stay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    expect(await screen.findByRole('article', { name: 'Deleted comment' })).toHaveTextContent(
      DELETED_PLACEHOLDER,
    );
    expect(screen.queryByText('I said a thing')).toBeNull();
    expect(screen.getByText('A reply to it')).toBeInTheDocument();
    expect(screen.getByText('1 Comment')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/comments/p1/c1']);
  });
});
