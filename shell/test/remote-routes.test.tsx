import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesConfig } from '@campus/web-kit/remotes-registry';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { RemoteRoutes } from '../src/remotes/remote-routes';

// The federation runtime needs a real federated build in a browser; here it is the one piece replaced.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remotesJson: RemotesConfig = {
  library: { manifest: '/remotes/library/mf-manifest.json', paths: ['/library', '/bookstatus'] },
};

function LibraryRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/library" element={<h1>Library from the remote</h1>} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}

const renderAt = (path: string) =>
  renderRemoteScreen(<RemoteRoutes />, {
    user: null,
    path,
    route: '*',
    replies: [{ status: 200, url: '/remotes.json', body: remotesJson }],
  });

describe('the remote outlet', () => {
  beforeEach(() => {
    jest.mocked(loadRemote).mockReset();
    jest.mocked(registerRemotes).mockReset();
  });

  it("renders the remote's routes for a path it serves, registered from /remotes.json", async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: LibraryRoutes });

    renderAt('/library');

    expect(await screen.findByRole('heading', { name: 'Library from the remote' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'library', entry: '/remotes/library/mf-manifest.json' }],
      { force: false },
    );
    expect(loadRemote).toHaveBeenCalledWith('library/routes');
  });

  it("shows the shell's 404 for a sub-path the remote does not know", async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: LibraryRoutes });

    renderAt('/library/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('when a path belongs to no remote, then it is the 404 page and nothing loads', async () => {
    renderAt('/nowhere');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('when the remote fails to load, then a friendly error offers Retry, which loads it again', async () => {
    jest
      .mocked(loadRemote)
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue({ default: LibraryRoutes });

    renderAt('/library');

    expect(await screen.findByRole('heading', { name: 'This part could not load' })).toBeInTheDocument();
    expect(screen.getByText(/The library did not load/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Library from the remote' })).toBeInTheDocument();
    // The failed container is dropped: the retry registers the remote again with force.
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'library', entry: '/remotes/library/mf-manifest.json' }],
      { force: true },
    );
  });

  it('when the remote throws while rendering, then the same friendly error shows instead of a blank page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('remote bug');
    }
    jest.mocked(loadRemote).mockResolvedValue({ default: Broken });

    renderAt('/library');

    expect(await screen.findByRole('heading', { name: 'This part could not load' })).toBeInTheDocument();
  });

  it('when /remotes.json does not load, then the friendly error shows too', async () => {
    renderRemoteScreen(<RemoteRoutes />, {
      user: null,
      path: '/library',
      route: '*',
      replies: [
        { status: 503, url: '/remotes.json', body: 'down' },
        { status: 503, url: '/remotes.json', body: 'down' },
      ],
    });

    expect(
      await screen.findByRole('heading', { name: 'This part could not load' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This section did not load/)).toBeInTheDocument();
  });
});
