import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack, { type Compiler, type Configuration, type MultiCompiler } from 'webpack';
import webpackHotMiddleware from 'webpack-hot-middleware';

export interface HotReloadEvents {
  /** Where the pages' update clients listen (built into the development bundles). */
  eventStreamUrl: string;
  /** What the gateway's CSP must let pages connect to (its connect-src). */
  origin: string;
  /** Announces the builds of this compiler (every app's) on the stream. */
  attach(compiler: MultiCompiler): void;
}

const EVENT_STREAM_PATH = '/__webpack_hmr';
const TAP_NAME = 'campus-dev-hot-reload';

/**
 * The event stream that tells each app in the page that it was rebuilt (webpack-hot-middleware),
 * served by the dev process on a port of its own on the loopback: the gateway keeps serving the
 * files from dist/web-dev with its production headers, and only its CSP's connect-src learns this
 * origin (`npm run dev` passes it in CSP_EXTRA_ORIGINS). Listening starts before the first build,
 * whose bundles carry the stream's address.
 */
export async function serveHotReloadEvents(): Promise<HotReloadEvents> {
  let middleware: ReturnType<typeof webpackHotMiddleware> | undefined;
  const server = http.createServer((req, res) => {
    const notFound = () => {
      res.statusCode = 404;
      res.end();
    };
    if (middleware) middleware(req, res, notFound);
    else notFound();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Runs until the process exits, as the webpack watch does.
  server.unref();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    eventStreamUrl: `${origin}${EVENT_STREAM_PATH}`,
    origin,
    attach(compiler) {
      middleware = webpackHotMiddleware(compiler, { path: EVENT_STREAM_PATH, log: false });
    },
  };
}

/**
 * Keeps the hot update files out of a remote's mf-manifest.json. The hot module replacement plugin
 * lists them among their chunk's files, and the manifest lists a chunk's files as the exposed
 * module's assets, which the federation runtime loads with it: every page load then ran the last
 * update (and failed, before the remote's runtime was there). The manifest plugin leaves them out
 * itself only when NODE_ENV is 'development' in the build process, which also switches on its
 * development plugin (a WebSocket for type hints the CSP refuses).
 */
class HotUpdatesOutOfManifestPlugin {
  apply(compiler: Compiler): void {
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(TAP_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: TAP_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER - 1 },
        () => {
          for (const chunk of compilation.chunks)
            for (const file of chunk.files) if (file.includes('.hot-update.')) chunk.files.delete(file);
        },
      );
    });
  }
}

/**
 * Hot module replacement with React Fast Refresh for one app (the shell or a remote) of the
 * development build, as the gateway serves it. Each app is its own webpack runtime, so each gets
 * its own update client and React Refresh runtime, as global entries: a remote, which has no entry
 * of its own, gets them in its remoteEntry.js, run when the shell loads it. The clients share one
 * event stream in the page and each takes its own app's messages (`name`). An update no module
 * accepts (a routes table, a module that is not only components) reloads the page (`reload`).
 * Nothing is eval'd and nothing is inline, so the CSP's `script-src 'self'` holds.
 */
export function withHotReload(config: Configuration, eventStreamUrl: string): Configuration {
  const context = config.context ?? process.cwd();
  const client = `webpack-hot-middleware/client?${new URLSearchParams({
    path: eventStreamUrl,
    name: config.name ?? '',
    reload: 'true',
    noInfo: 'true',
  })}`;
  return {
    ...config,
    plugins: [
      ...(config.plugins ?? []),
      // Before React Refresh's own entry, which then finds the hook.
      new webpack.EntryPlugin(context, path.join(__dirname, 'react-devtools-hook.ts'), { name: undefined }),
      new webpack.EntryPlugin(context, client, { name: undefined }),
      new webpack.HotModuleReplacementPlugin(),
      // Build errors show in the terminal and in the update client's overlay; the plugin's own
      // overlay would need webpack-dev-server's socket.
      new ReactRefreshPlugin({ overlay: false }),
      new HotUpdatesOutOfManifestPlugin(),
    ],
  };
}
