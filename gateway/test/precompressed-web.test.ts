import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { staticWebRouter } from '../src/static-web';

/** A raw HTTP GET: the bytes as sent on the wire, not decoded by a client library. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

const decode = (response: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  (response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.body)
    : response.headers['content-encoding'] === 'gzip'
      ? gunzipSync(response.body)
      : response.body
  ).toString('utf8');

const script = `console.log("${'campus '.repeat(200)}");`;
const remoteEntry = `var library = "${'entry '.repeat(200)}";`;
const unhashedOnly = `var plain = "${'plain '.repeat(300)}";`;
const indexHtml =
  '<!doctype html><html><head><title>Campus Connect</title><script defer src="/main.1a2b3c4d5e.js"></script></head><body></body></html>';

/** Writes a file and, like scripts/build-web.ts, its .br and .gz twins. */
function writeWithTwins(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

function serve(webRoot: string) {
  const app = express();
  app.use(staticWebRouter(webRoot));
  app.use((_req, res) => void res.status(404).json({ code: 'NOT_FOUND' }));
  return new Promise<{ url: string; server: http.Server }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    );
  });
}

let webRoot: string;
let url: string;
let server: http.Server;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-precompressed-'));
  fs.mkdirSync(path.join(webRoot, 'shell'), { recursive: true });
  fs.mkdirSync(path.join(webRoot, 'remotes', 'library'), { recursive: true });
  writeWithTwins(path.join(webRoot, 'shell', 'index.html'), indexHtml);
  writeWithTwins(path.join(webRoot, 'shell', 'framework.1a2b3c4d5e.js'), script);
  writeWithTwins(path.join(webRoot, 'remotes', 'library', 'remoteEntry.js'), remoteEntry);
  fs.writeFileSync(path.join(webRoot, 'shell', 'plain.js'), unhashedOnly);
  fs.writeFileSync(
    path.join(webRoot, 'shell', 'remotes.json'),
    JSON.stringify({
      library: {
        manifest: '/remotes/library/mf-manifest.json',
        paths: ['/library', '/bookstatus'],
        preload: { '/bookstatus': ['/api/book/pending?page=1'] },
      },
    }),
  );
  fs.writeFileSync(
    path.join(webRoot, 'shell', 'preload.json'),
    JSON.stringify({ shell: ['/framework.1a2b3c4d5e.js', '/kit.0f0f0f0f0f.css'] }),
  );
  ({ url, server } = await serve(webRoot));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('precompressed frontend files', () => {
  test('when the browser accepts brotli, then the build-time .br twin is sent as the script, with Vary', async () => {
    const res = await get(`${url}/framework.1a2b3c4d5e.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(fs.readFileSync(path.join(webRoot, 'shell', 'framework.1a2b3c4d5e.js.br')))).toBe(
      true,
    );
    expect(decode(res)).toBe(script);
  });

  test('when the browser accepts only gzip (or refuses brotli with q=0), then the .gz twin is sent', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const res = await get(`${url}/remotes/library/remoteEntry.js`, { 'Accept-Encoding': acceptEncoding });
      expect({ acceptEncoding, encoding: res.headers['content-encoding'] }).toEqual({
        acceptEncoding,
        encoding: 'gzip',
      });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res)).toBe(remoteEntry);
    }
  });

  test('when the browser accepts no encoding, then the file is sent as is, still with Vary', async () => {
    const res = await get(`${url}/remotes/library/remoteEntry.js`, { 'Accept-Encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.body.toString('utf8')).toBe(remoteEntry);
  });

  test('a file the build left without twins is still served (compressed on the fly)', async () => {
    const res = await get(`${url}/plain.js`, { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(decode(res)).toBe(unhashedOnly);
  });

  test('a twin is never served for a path outside the web root, nor for a file that does not exist', async () => {
    const escaped = await get(`${url}/remotes/%2e%2e/shell/index.html`, { 'Accept-Encoding': 'br' });
    expect(escaped.body.toString('utf8')).not.toContain('Campus Connect');
    const missing = await get(`${url}/framework.ffffffffff.js`, { 'Accept-Encoding': 'br', Accept: '*/*' });
    expect(missing.status).toBe(404);
  });
});

describe("the first HTML preloads the shell's boot files", () => {
  test("on every screen, the shell's boot files are preloaded, the page compressed for the browser", async () => {
    for (const [screen, acceptEncoding] of [
      ['/', 'br'],
      ['/login', 'gzip'],
      ['/library', 'gzip, deflate, br'],
      ['/bookstatus/anything', 'br'],
    ] as const) {
      const res = await get(`${url}${screen}`, { Accept: 'text/html', 'Accept-Encoding': acceptEncoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(acceptEncoding === 'gzip' ? 'gzip' : 'br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      const html = decode(res);
      expect(html).toContain('<link rel="preload" as="script" href="/framework.1a2b3c4d5e.js">');
      expect(html).toContain('<link rel="preload" as="style" href="/kit.0f0f0f0f0f.css">');
      // Before the deferred entry, so the browser fetches it at the preload's priority, not a deferred script's.
      expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('<script defer'));
      // A failed script preload of a remote would be handed to the runtime's retry: never one.
      expect(html).not.toMatch(/as="(script|style)" href="\/remotes\//);
    }
  });

  test("the page carries the remotes registry, so the shell needs no request to find the route's remote", async () => {
    const html = decode(await get(`${url}/login`, { Accept: 'text/html', 'Accept-Encoding': 'br' }));
    const block = /<script type="application\/json" id="campus-remotes">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual(
      JSON.parse(fs.readFileSync(path.join(webRoot, 'shell', 'remotes.json'), 'utf8')),
    );
    // The shell's own screens fetch no manifest.
    expect(html).not.toContain('rel="preload" as="fetch"');
  });

  test("on a remote's screen, its manifest is preloaded with the page; on the shell's screens, none", async () => {
    const manifest = '<link rel="preload" as="fetch" crossorigin href="/remotes/library/mf-manifest.json">';
    for (const screen of ['/library', '/bookstatus/anything'])
      expect(decode(await get(`${url}${screen}`, { Accept: 'text/html' }))).toContain(manifest);
    for (const screen of ['/', '/feature', '/libraryx'])
      expect(decode(await get(`${url}${screen}`, { Accept: 'text/html' }))).not.toContain(manifest);
  });

  test("a screen's declared first reads are preloaded with its page, sending cookies as the API client does", async () => {
    const data =
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/book/pending?page=1">';
    expect(decode(await get(`${url}/bookstatus`, { Accept: 'text/html' }))).toContain(data);
    for (const screen of ['/library', '/bookstatus/other', '/'])
      expect(decode(await get(`${url}${screen}`, { Accept: 'text/html' }))).not.toContain('href="/api/');
  });

  test('when ops edit remotes.json, the next page carries the new registry; markup in it cannot close the tag', async () => {
    const registryFile = path.join(webRoot, 'shell', 'remotes.json');
    const original = fs.readFileSync(registryFile, 'utf8');
    try {
      fs.writeFileSync(
        registryFile,
        JSON.stringify({
          library: {
            manifest: "/remotes/library-v2/mf-manifest.json?a=</script><b>&c=$&$'$`$$",
            paths: ['/library'],
          },
        }),
      );
      fs.utimesSync(registryFile, new Date(), new Date(Date.now() + 5_000));
      const html = decode(await get(`${url}/library`, { Accept: 'text/html' }));
      expect(html).toContain('/remotes/library-v2/mf-manifest.json?a=\\u003c/script>\\u003cb>');
      expect(html).not.toContain('</script><b>');
      // `$&`, `$'`, `` $` `` and `$$` stay text: no copy of the page lands inside the data block.
      expect(html).toContain(
        'href="/remotes/library-v2/mf-manifest.json?a=&lt;/script&gt;&lt;b&gt;&amp;c=$&amp;$\'$`$$"',
      );
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<script type="application\/json"/g)).toHaveLength(1);
    } finally {
      fs.writeFileSync(registryFile, original);
      fs.utimesSync(registryFile, new Date(), new Date(Date.now() + 10_000));
    }
  });

  test('without a preload list (a development build), the page is index.html as built', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bare-'));
    fs.mkdirSync(path.join(bare, 'shell'));
    fs.writeFileSync(path.join(bare, 'shell', 'index.html'), indexHtml);
    const other = await serve(bare);
    try {
      const res = await get(`${other.url}/library`, { Accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(decode(res)).toBe(indexHtml);
    } finally {
      await new Promise((resolve) => other.server.close(resolve));
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
