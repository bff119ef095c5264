import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesConfig } from '@campus/web-kit/remotes-registry';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import ProfilePage from '../src/dashboard/profile-page';
import type { PanelModuleProps } from '../src/panel/federated-panel';
import { panelFormFor, PROFILE_MENU } from '../src/panel/panel-forms';
import { countsReply, profileOf, profileReply, student } from './profile-fixtures';

// The federation runtime needs a real federated build in a browser; here it is the one piece replaced.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadModule = jest.mocked(loadRemote);

const manifestOf = (remote: string) => `/remotes/${remote}/mf-manifest.json`;
const remotesJson: ScriptedReply = {
  status: 200,
  url: '/remotes.json',
  body: Object.fromEntries(
    ['library', 'housing', 'careers', 'events'].map((name) => [
      name,
      { manifest: manifestOf(name), paths: [] },
    ]),
  ) satisfies RemotesConfig,
};
const manifest = (remote: string, ...exposed: string[]): ScriptedReply => ({
  status: 200,
  url: manifestOf(remote),
  body: { name: remote, exposes: ['./routes', ...exposed].map((path) => ({ path })) },
});
const libraryLendsBookForm = [remotesJson, manifest('library', './book-form', './bookmarks')];

function BookForm({ onCreated }: PanelModuleProps) {
  return (
    <button type="button" onClick={onCreated}>
      Create book (lent by library)
    </button>
  );
}

const openPanel = (slug: string, replies: ScriptedReply[]) =>
  renderRemoteScreen(<ProfilePage form={panelFormFor(slug)} />, {
    user: student,
    path: `/profile/${slug}`,
    route: '/profile/:form',
    replies,
  });

describe('the profile dashboard', () => {
  beforeEach(() => loadModule.mockReset());

  it('when a student opens /profile, then the welcome card shows their name, the three counts and the six menu entries', async () => {
    const { requests } = renderRemoteScreen(<ProfilePage />, {
      user: student,
      path: '/profile',
      replies: [
        countsReply(student._id, { bookCount: 3, jobPostCount: 1, fundRaisingCount: 2 }),
        profileReply(profileOf(student)),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(document.title).toBe('Profile | Campus Connect');
    expect(await screen.findByText('3')).toBeInTheDocument();
    const definitions = screen.getAllByRole('definition').map((d) => d.textContent);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, definitions[i]]))).toMatchObject({
      'Books/Notes Uploaded': '3',
      'Job Posts': '1',
      'Room Requests': '2',
    });
    const menu = screen.getByRole('navigation', { name: 'Profile menu' });
    expect(
      Array.from(menu.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(PROFILE_MENU.map((f) => [f.label, `/profile/${f.slug}`]));
    expect(menu.querySelectorAll('a')[1]).toHaveAttribute('href', '/profile/uploads');
    expect(
      screen.getByText(
        /Books\/Notes Uploaded counts every book or notes you uploaded: pending review, accepted and declined/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/feature');
    expect(requests.map((r) => r.url).sort()).toEqual([
      '/api/commonData/u-student',
      '/api/commonData/u-student/profile',
    ]);
    expect(await screen.findByText('You have not completed your profile yet.')).toBeInTheDocument();
  });

  it('when a lent form succeeds, then the counts are fetched again', async () => {
    loadModule.mockResolvedValue({ default: BookForm });
    const { requests } = openPanel('uploadbook', [
      ...libraryLendsBookForm,
      countsReply(student._id, { bookCount: 0 }),
      countsReply(student._id, { bookCount: 1 }),
    ]);
    expect(document.title).toBe('Upload Book/Notes | Campus Connect');
    await userEvent.click(await screen.findByRole('button', { name: 'Create book (lent by library)' }));
    await waitFor(() => expect(screen.getAllByRole('definition')[0]).toHaveTextContent('1'));
    expect(requests.filter((r) => r.url === '/api/commonData/u-student')).toHaveLength(2);
    expect(loadModule).toHaveBeenCalledWith('library/book-form');
    expect(screen.getByRole('link', { name: 'Upload Book/Notes' })).toHaveAttribute('aria-current', 'page');
  });

  it('when the owning remote does not expose the form yet, then a clear "not available yet" shows', async () => {
    openPanel('createflatrequest', [remotesJson, manifest('housing'), countsReply(student._id)]);
    expect(await screen.findByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create Request for Room-mate' })).toBeInTheDocument();
    expect(loadModule).not.toHaveBeenCalled();
  });

  it('when the remote fails to load, then a friendly error with Retry shows, and Retry loads it', async () => {
    loadModule.mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce({ default: BookForm });
    openPanel('uploadbook', [
      ...libraryLendsBookForm,
      manifest('library', './book-form'),
      countsReply(student._id),
    ]);
    expect(await screen.findByText('Upload Book/Notes could not load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Create book (lent by library)' })).toBeInTheDocument();
  });

  it('when a lent form throws while rendering, then the panel shows an error with Retry, not a blank', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    loadModule.mockResolvedValue({ default: Broken });
    openPanel('bookmark', [...libraryLendsBookForm, countsReply(student._id)]);
    expect(await screen.findByText('Book-Marks stopped working')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
