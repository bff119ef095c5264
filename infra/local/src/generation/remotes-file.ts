import type { RemotesConfig } from '@campus/web-kit/remotes-registry';
import type { RegisteredRemote } from '../service-registry';
import { repoPath, type GeneratedFile } from './generated-file';

/**
 * shell/public/remotes.json, from the platform registry: where each remote's manifest is (its own
 * container at /remotes/<name>/), which paths it serves and what its screens preload. Served beside
 * the shell and read at run time, so operators can still point a remote elsewhere without a rebuild.
 */
export function remotesFile(remotes: ReadonlyArray<RegisteredRemote>): GeneratedFile {
  const config: RemotesConfig = Object.fromEntries(
    remotes.map((remote) => [
      remote.name,
      {
        manifest: `/remotes/${remote.name}/mf-manifest.json`,
        paths: remote.paths,
        ...(remote.preload ? { preload: remote.preload } : {}),
      },
    ]),
  );
  return { file: repoPath('shell', 'public', 'remotes.json'), content: JSON.stringify(config) };
}
