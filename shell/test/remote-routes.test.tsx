import './text-encoding-polyfill';
import '@testing-library/jest-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteRoutes } from '../src/remotes/remote-routes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remotesJson = {
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

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<RemoteRoutes />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the remote outlet', () => {
  beforeEach(() => {
    jest.mocked(loadRemote).mockReset();
    jest.mocked(registerRemotes).mockReset();
    globalThis.fetch = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => remotesJson }) as Response,
    );
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
});
