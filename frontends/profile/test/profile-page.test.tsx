import './text-encoding-polyfill';
import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfilePage from '../src/dashboard/profile-page';
import { panelFormFor, PANEL_FORMS } from '../src/panel/panel-forms';
import { loadPanelModule, type PanelModuleProps } from '../src/panel/panel-module-loader';
import { emptyProfile, renderProfileScreen } from './render-profile-screen';

jest.mock('../src/panel/panel-module-loader', () => ({ loadPanelModule: jest.fn() }));
const loadModule = jest.mocked(loadPanelModule);

const student = { _id: 'u-student', name: 'Asha Rao', email: 'asha@campus.test', isTeacher: false };
const counts = (bookCount: number, jobPostCount = 0, fundRaisingCount = 0) => ({
  status: 200,
  body: {
    success: true,
    message: 'Counts fetched successfully',
    data: { bookCount, jobPostCount, fundRaisingCount },
  },
});

function BookForm({ onCreated }: PanelModuleProps) {
  return (
    <button type="button" onClick={onCreated}>
      Create book (lent by library)
    </button>
  );
}

const renderPanel = (slug: string, replies: Parameters<typeof renderProfileScreen>[4]) =>
  renderProfileScreen(
    `/profile/${slug}`,
    '/profile/:form',
    <ProfilePage form={panelFormFor(slug)} />,
    student,
    replies,
  );

describe('the profile dashboard', () => {
  beforeEach(() => loadModule.mockReset());

  it('when a student opens /profile, then the welcome card shows their name, the three counts and the six menu entries', async () => {
    const { requests } = renderProfileScreen('/profile', '/profile', <ProfilePage />, student, [
      { ...counts(3, 1, 2), url: '/api/commonData/u-student' },
      { status: 200, body: emptyProfile(student), url: '/api/commonData/u-student/profile' },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Asha Rao' })).toBeInTheDocument();
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
    ).toEqual(PANEL_FORMS.map((f) => [f.label, `/profile/${f.slug}`]));
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/feature');
    expect(requests.map((r) => r.url).sort()).toEqual([
      '/api/commonData/u-student',
      '/api/commonData/u-student/profile',
    ]);
    expect(await screen.findByText('You have not completed your profile yet.')).toBeInTheDocument();
  });

  it('when a lent form succeeds, then the counts are fetched again', async () => {
    loadModule.mockResolvedValue({ status: 'available', Component: BookForm });
    const { requests } = renderPanel('uploadbook', [counts(0), counts(1)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Create book (lent by library)' }));
    await waitFor(() => expect(screen.getAllByRole('definition')[0]).toHaveTextContent('1'));
    expect(requests.filter((r) => r.url === '/api/commonData/u-student')).toHaveLength(2);
    expect(loadModule).toHaveBeenCalledWith('library', './book-form');
    expect(screen.getByRole('link', { name: 'Upload Book/Notes' })).toHaveAttribute('aria-current', 'page');
  });

  it('when the owning remote does not expose the form yet, then a clear "not available yet" shows', async () => {
    loadModule.mockResolvedValue({ status: 'unavailable' });
    renderPanel('createflatrequest', [counts(0)]);
    expect(await screen.findByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create Request for Room-mate' })).toBeInTheDocument();
    expect(loadModule).toHaveBeenCalledWith('housing', './flat-form');
  });

  it('when the remote fails to load, then a friendly error with Retry shows, and Retry loads it', async () => {
    loadModule
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce({ status: 'available', Component: BookForm });
    renderPanel('uploadbook', [counts(0)]);
    expect(await screen.findByText('Upload Book/Notes could not load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Create book (lent by library)' })).toBeInTheDocument();
  });

  it('when a lent form throws while rendering, then the panel shows an error with Retry, not a blank', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    loadModule.mockResolvedValue({ status: 'available', Component: Broken });
    renderPanel('bookmark', [counts(0)]);
    expect(await screen.findByText('Book-Marks stopped working')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
