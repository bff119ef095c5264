import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Comment, Post } from '@campus/contracts/community';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { CreatePostPanel } from '../src/hub/create-post-panel';
import PostPage from '../src/post/post-page';
import { comment, member, memberSuggestions, onePost, post, student, thread } from './community-fixtures';

const openPost = (replies: Parameters<typeof renderRemoteScreen>[1]['replies']) =>
  renderRemoteScreen(<PostPage />, { user: student, path: '/post/p1', route: '/post/:postId', replies });

const created = (content: string) =>
  contractReply(Comment, comment('c9', content, { createdBy: { _id: student._id, name: student.name } }), {
    url: '/api/comments/p1',
    method: 'POST',
    status: 201,
  });

const ravis = Array.from({ length: 10 }, (_, i) => member(`u-ravi-${i}`, `Ravi ${'ABCDEFGHIJ'[i]}`));
const posted = (requests: Array<{ method: string; body: unknown }>) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.body);
const suggestionReads = (requests: Array<{ method: string; url: string }>) =>
  requests.filter((r) => r.url.startsWith('/api/community/members')).map((r) => r.url);

describe('@mention picker in the comment bar', () => {
  it('when a student types @ and letters, then up to 8 members are offered in a listbox; the arrows choose, Enter writes @Full Name at the caret, and the comment names the picked member in mentions', async () => {
    const { requests } = openPost([
      onePost(post('p1', 'Notes for DBMS?', { following: true })),
      thread('p1', []),
      memberSuggestions('ra', ravis),
      created('Thanks @Ravi B for the notes'),
    ]);
    const box = await screen.findByLabelText('Your comment');
    await userEvent.type(box, 'Thanks @ra');

    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '@Ravi A',
      '@Ravi B',
      '@Ravi C',
      '@Ravi D',
      '@Ravi E',
      '@Ravi F',
      '@Ravi G',
      '@Ravi H',
    ]);
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/8 people found/)).toHaveAttribute('role', 'status');

    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[7]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(box).toHaveValue('Thanks @Ravi B ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    // The caret is after the inserted name: typing goes on from there.
    await userEvent.keyboard('for the notes');
    expect(box).toHaveValue('Thanks @Ravi B for the notes');

    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(posted(requests)).toEqual([
        {
          content: 'Thanks @Ravi B for the notes',
          isAnonymous: false,
          parentId: null,
          mentions: ['u-ravi-1'],
        },
      ]),
    );
    // Asked after a pause in typing: for what was typed by then, never for a bare @.
    expect(suggestionReads(requests)).toContain('/api/community/members?q=ra');
    expect(suggestionReads(requests).every((url) => /\?q=ra?$/.test(url))).toBe(true);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('when the list is open, then Escape closes it and keeps the text; a new @ opens it again and Tab picks', async () => {
    openPost([
      onePost(post('p1', 'Notes for DBMS?', { following: true })),
      thread('p1', []),
      memberSuggestions('ra', ravis.slice(0, 2)),
      memberSuggestions('as', [member('u-asha', 'Asha Rao')]),
    ]);
    const box = await screen.findByLabelText('Your comment');
    await userEvent.type(box, '@ra');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('@ra');

    await userEvent.keyboard(' and @as');
    expect(await screen.findByRole('option', { name: 'Asha Rao' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveValue('@ra and @Asha Rao ');
    expect(box).toHaveFocus();
  });

  it('when a picked name is taken out of the text before sending, then its member is not in mentions', async () => {
    const { requests } = openPost([
      onePost(post('p1', 'Notes for DBMS?', { following: true })),
      thread('p1', []),
      memberSuggestions('as', [member('u-asha', 'Asha Rao'), member('u-asif', 'Asif Khan')]),
      created('Never mind'),
    ]);
    const box = await screen.findByLabelText('Your comment');
    await userEvent.type(box, '@as');
    await userEvent.click(await screen.findByRole('option', { name: 'Asif Khan' }));
    expect(box).toHaveValue('@Asif Khan ');
    await userEvent.clear(box);
    await userEvent.type(box, 'Never mind');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(posted(requests)).toEqual([{ content: 'Never mind', isAnonymous: false, parentId: null }]),
    );
  });

  it('when sending fails, then nothing typed is lost: the text and the reply stay, and sending again still names the picked member', async () => {
    const { requests } = openPost([
      onePost(post('p1', 'Notes for DBMS?', { following: true, comments: ['c1'] })),
      thread('p1', [comment('c1', 'Who has them?')]),
      memberSuggestions('as', [member('u-asha', 'Asha Rao')]),
      errorReply(
        503,
        { message: 'The community service is not answering.', code: 'SERVICE_UNAVAILABLE' },
        { url: '/api/comments/p1', method: 'POST' },
      ),
      created('@Asha Rao has them'),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Ravi Kumar' }));
    const box = screen.getByLabelText('Your reply');
    await userEvent.type(box, '@as');
    await screen.findByRole('option', { name: 'Asha Rao' });
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('@Asha Rao ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.keyboard('has them');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());
    expect(box).toHaveValue('@Asha Rao has them');
    expect(screen.getByText(/Replying to comment/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted(requests)).toHaveLength(2));
    const expected = {
      content: '@Asha Rao has them',
      isAnonymous: false,
      parentId: 'c1',
      mentions: ['u-asha'],
    };
    expect(posted(requests)).toEqual([expected, expected]);
  });

  it('shows @Name mentions in a comment emphasised, as text (what looks like HTML stays text)', async () => {
    openPost([
      onePost(post('p1', 'Notes for DBMS?', { content: 'Ask @Asha Rao, she has them' })),
      thread('p1', [comment('c1', 'Thanks @Ravi Kumar! <b>@not</b> <img src=x onerror=alert(1)>')]),
    ]);
    expect(await screen.findByText('@Asha Rao', { selector: 'strong' })).toBeInTheDocument();
    const mention = await screen.findByText('@Ravi Kumar', { selector: 'strong' });
    const text = mention.closest('p')!;
    expect(text).toHaveTextContent('Thanks @Ravi Kumar! <b>@not</b> <img src=x onerror=alert(1)>');
    expect(text.querySelector('b, img')).toBeNull();
  });
});

describe('@mention picker in Create New Post', () => {
  it('when a student picks a member with the mouse and publishes, then the post names them in mentions; Escape in the list leaves the panel open', async () => {
    const onClose = jest.fn();
    const { requests } = renderRemoteScreen(<CreatePostPanel open onClose={onClose} />, {
      user: student,
      path: '/community',
      replies: [
        memberSuggestions('as', [member('u-asha', 'Asha Rao'), member(student._id, student.name)]),
        contractReply(
          Post,
          post('p9', 'DBMS notes', { content: 'Ask @Asha Rao', isOwnPost: true, following: true }),
          { url: '/api/community', method: 'POST', status: 201 },
        ),
      ],
    });
    await userEvent.type(screen.getByLabelText(/^Title/), 'DBMS notes');
    const content = screen.getByLabelText(/^Content/);
    await userEvent.type(content, 'Ask @as');
    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    // The writer is not offered to themself.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@Asha Rao']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.clear(content);
    await userEvent.type(content, 'Ask @as');
    await userEvent.click(await screen.findByRole('option', { name: 'Asha Rao' }));
    expect(content).toHaveValue('Ask @Asha Rao ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish Post' }));
    await waitFor(() =>
      expect(posted(requests)).toEqual([
        {
          title: 'DBMS notes',
          content: 'Ask @Asha Rao',
          tag: 'Q&A',
          isAnonymous: false,
          mentions: ['u-asha'],
        },
      ]),
    );
  });
});
