import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { FederatedModule } from '../src/federated-module';
import { isChunkLoadError } from '../src/federated-module-loader';
import type { RemotesConfig } from '../src/remotes-registry';
import { reloadPage } from '../src/reload-page';
import { renderRemoteScreen } from '../src/testing/render-remote-screen';
import type { ScriptedReply } from '../src/testing/scripted-fetch';

// The federation runtime needs a real federated build in a browser; here it is the one piece replaced.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
// A real reload would end the test page.
jest.mock('../src/reload-page', () => ({ reloadPage: jest.fn() }));
const load = jest.mocked(loadRemote);
const register = jest.mocked(registerRemotes);

const manifestOf = (remote: string) => `/remotes/${remote}/mf-manifest.json`;
const remotesJson = (...remotes: string[]): ScriptedReply => ({
  status: 200,
  url: '/remotes.json',
  body: Object.fromEntries(
    remotes.map((name) => [name, { manifest: manifestOf(name), paths: [`/${name}`] }]),
  ) satisfies RemotesConfig,
});
const manifest = (remote: string, ...exposed: string[]): ScriptedReply => ({
  status: 200,
  url: manifestOf(remote),
  body: { name: remote, exposes: exposed.map((path) => ({ path })) },
});

type Shelf = ComponentType<{ owner: string }>;
const LentShelf: Shelf = ({ owner }) => <h2>{owner}&apos;s shelf</h2>;

function ShelfFrom({ remote, optional = false }: { remote: string; optional?: boolean }) {
  return (
    <FederatedModule<Shelf>
      remote={remote}
      exposed="./shelf"
      label="The shelf"
      loading={<p>Loading the shelf</p>}
      failed={(failure, retry) => (
        <div>
          The shelf failed ({failure})<button onClick={retry}>Retry</button>
        </div>
      )}
      unavailable={optional ? <p>Not there yet</p> : undefined}
    >
      {(LoadedShelf) => <LoadedShelf owner="Asha" />}
    </FederatedModule>
  );
}

describe('a federated module', () => {
  beforeEach(() => {
    load.mockReset();
    register.mockReset();
  });

  it('while it loads, then `loading`; then the module, from the remote /remotes.json names', async () => {
    load.mockResolvedValue({ default: LentShelf });
    renderRemoteScreen(<ShelfFrom remote="library" />, { user: null, replies: [remotesJson('library')] });

    expect(screen.getByText('Loading the shelf')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: "Asha's shelf" })).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith([{ name: 'library', entry: manifestOf('library') }], {
      force: false,
    });
    expect(load).toHaveBeenCalledWith('library/shelf');
  });

  it('when it fails to load, then `failed` offers Retry, which registers the remote anew and loads it', async () => {
    load.mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue({ default: LentShelf });
    renderRemoteScreen(<ShelfFrom remote="careers" />, { user: null, replies: [remotesJson('careers')] });

    expect(await screen.findByText('The shelf failed (load)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: "Asha's shelf" })).toBeInTheDocument();
    expect(register).toHaveBeenLastCalledWith([{ name: 'careers', entry: manifestOf('careers') }], {
      force: true,
    });
  });

  it('when it throws while rendering, then `failed` shows instead of a blank page, and Retry renders it again', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    const FlakyShelf: Shelf = (props) => {
      if (broken) throw new Error('bug in the lent module');
      return <LentShelf {...props} />;
    };
    load.mockResolvedValue({ default: FlakyShelf });
    renderRemoteScreen(<ShelfFrom remote="events" />, { user: null, replies: [remotesJson('events')] });

    expect(await screen.findByText('The shelf failed (render)')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: "Asha's shelf" })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('when a chunk of the release the page loaded is gone (the remote was redeployed), then Retry loads the page afresh', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = Object.assign(
      new Error('Loading chunk 666 failed.\n(missing: /remotes/events/666.795506f77d.js)'),
      {
        name: 'ChunkLoadError',
      },
    );
    const StaleShelf: Shelf = () => {
      throw gone;
    };
    load.mockResolvedValue({ default: StaleShelf });
    try {
      renderRemoteScreen(<ShelfFrom remote="events" />, { user: null, replies: [remotesJson('events')] });

      expect(await screen.findByText('The shelf failed (render)')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(reloadPage).toHaveBeenCalledTimes(1);
    } finally {
      consoleError.mockRestore();
    }
  });

  it.each([
    [Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }), true],
    [new Error('Loading CSS chunk 666 failed.\n(/remotes/profile/666.2911defd29.css)'), true],
    [new Error('bug in the lent module'), false],
    ['Loading chunk 1 failed.', false],
  ])('isChunkLoadError(%p) is %p', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });

  it('when /remotes.json does not name the remote, then it is a load failure', async () => {
    renderRemoteScreen(<ShelfFrom remote="housing" />, { user: null, replies: [remotesJson('library')] });

    expect(await screen.findByText('The shelf failed (load)')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ['the remote is not deployed', [remotesJson('library')]],
    [
      "the remote's manifest does not expose it yet",
      [remotesJson('housing'), manifest('housing', './routes')],
    ],
  ])('when it may be missing and %s, then `unavailable` shows, not an error', async (_case, replies) => {
    renderRemoteScreen(<ShelfFrom remote="housing" optional />, { user: null, replies });

    expect(await screen.findByText('Not there yet')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('when it may be missing and the manifest exposes it, then it loads', async () => {
    load.mockResolvedValue({ default: LentShelf });
    renderRemoteScreen(<ShelfFrom remote="community" optional />, {
      user: null,
      replies: [remotesJson('community'), manifest('community', './routes', './shelf')],
    });

    expect(await screen.findByRole('heading', { name: "Asha's shelf" })).toBeInTheDocument();
  });

  it('when two modules load on one page, then /remotes.json is read once', async () => {
    load.mockResolvedValue({ default: LentShelf });
    const { requests } = renderRemoteScreen(
      <>
        <ShelfFrom remote="library" />
        <ShelfFrom remote="community" optional />
      </>,
      { user: null, replies: [remotesJson('library', 'community'), manifest('community', './shelf')] },
    );

    await waitFor(() => expect(screen.getAllByRole('heading', { name: "Asha's shelf" })).toHaveLength(2));
    expect(requests.filter((request) => request.url === '/remotes.json')).toHaveLength(1);
  });
});
