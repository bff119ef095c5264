import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { createStaticServer, staticServerConfig, type StaticServerConfig } from '../src/static-server';

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-static-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const entry = `var library = "${'entry '.repeat(200)}";`;
const remoteDir = folder({
  'remoteEntry.js': entry,
  'remoteEntry.js.br': '',
  'mf-manifest.json': '{"name":"library"}',
  '41.9688783d6d.js': 'console.log("chunk")',
});
fs.writeFileSync(path.join(remoteDir, 'remoteEntry.js.br'), brotliCompressSync(entry));
fs.writeFileSync(path.join(remoteDir, 'remoteEntry.js.gz'), gzipSync(entry));
const shellDir = folder({
  'index.html': '<!doctype html><html><head><title>Campus Connect</title></head><body></body></html>',
  'remotes.json': JSON.stringify({
    library: { manifest: '/remotes/library/mf-manifest.json', paths: ['/library', '/bookstatus'] },
    community: { manifest: '/remotes/community/mf-manifest.json', paths: ['/community', '/post'] },
    profile: { manifest: '/remotes/profile/mf-manifest.json', paths: ['/profile'] },
  }),
  'main.1a2b3c4d5e.js': 'console.log("shell")',
});

const servers: Server[] = [];
function serve(config: StaticServerConfig): Promise<string> {
  return new Promise((resolve) => {
    const server = createStaticServer(config).listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
    servers.push(server);
  });
}
afterAll(() => servers.forEach((s) => s.close()));

describe("one remote's container", () => {
  let url: string;
  beforeAll(async () => {
    url = await serve({ dir: remoteDir, basePath: '/remotes/library/', spa: false });
  });

  test('serves its files under the path the gateway forwards, hashed ones cached for a year', async () => {
    const res = await request(url).get('/remotes/library/41.9688783d6d.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('its manifest and entry are revalidated on every use, so a redeploy is seen at once', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await request(url).get(`/remotes/library/${file}`).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  test('sends the build-time brotli twin with Content-Encoding and Vary', async () => {
    const res = await request(url)
      .get('/remotes/library/remoteEntry.js')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(entry);
  });

  test('a missing file is a 404, never a page: a stale chunk must fail loudly', async () => {
    await request(url).get('/remotes/library/99.0000000000.js').expect(404);
    await request(url).get('/remotes/library/some/client/route').set('Accept', 'text/html').expect(404);
    await request(url).get('/remotes/library/../../etc/passwd').expect(404);
  });

  test('answers its health check', async () => {
    await request(url).get('/healthz').expect(200, 'ok');
  });
});

describe("the shell's container", () => {
  let url: string;
  beforeAll(async () => {
    url = await serve({ dir: shellDir, basePath: '/', spa: true });
  });

  test('answers every client route that wants HTML with index.html, not cached', async () => {
    for (const route of ['/', '/library', '/post/abc', '/profile/uploadbook']) {
      const res = await request(url).get(route).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<title>Campus Connect</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  test("when a page nobody declares is opened, then the shell (which shows its 404 screen) with status 404; declared pages and the shell's own stay 200", async () => {
    for (const route of ['/no-such-page', '/libraryx', '/post-office/1', '/login/extra']) {
      const res = await request(url).get(route).set('Accept', 'text/html');
      expect({ route, status: res.status }).toEqual({ route, status: 404 });
      expect(res.text).toContain('<title>Campus Connect</title>');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    for (const route of ['/', '/login', '/register/', '/feature', '/logout', '/post/42', '/bookstatus']) {
      const res = await request(url).get(route).set('Accept', 'text/html');
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
    }
  });

  test('serves remotes.json revalidated, and a missing file as 404', async () => {
    const res = await request(url).get('/remotes.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    await request(url).get('/main.ffffffffff.js').expect(404);
  });
});

describe('its configuration from the environment', () => {
  test('a remote needs its folder and the path it is served under', () => {
    expect(staticServerConfig({ WEB_DIR: remoteDir, BASE_PATH: '/remotes/library/' })).toMatchObject({
      dir: remoteDir,
      basePath: '/remotes/library/',
      spa: false,
      port: 8080,
    });
  });

  test.each([
    [{ WEB_DIR: remoteDir }, /BASE_PATH/],
    [{ WEB_DIR: remoteDir, BASE_PATH: '/remotes/library' }, /BASE_PATH/],
    [{ WEB_DIR: '/nowhere/at/all', BASE_PATH: '/' }, /WEB_DIR/],
    [{ WEB_DIR: shellDir, BASE_PATH: '/', SPA: 'yes' }, /SPA/],
  ])('when %p, then a configuration error names the setting', (env, message) => {
    expect(() => staticServerConfig(env)).toThrow(message);
  });
});
