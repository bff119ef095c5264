import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  parseRemotesConfig,
  preloadsForPath,
  remoteForPath,
  type RemotesConfig,
} from '@campus/web-kit/remotes-registry';

const config = JSON.parse(
  readFileSync(path.join(__dirname, '../public/remotes.json'), 'utf8'),
) as RemotesConfig;

describe('the remotes configuration (shell/public/remotes.json)', () => {
  it.each([
    ['/library', 'library'],
    ['/bookstatus', 'library'],
    ['/community', 'community'],
    ['/post/65f0c0ffee', 'community'],
    ['/fundrasing', 'community'],
    ['/campaign/4f1c', 'community'],
    ['/jobs', 'careers'],
    ['/jobs/myjobpost', 'careers'],
    ['/interviews', 'careers'],
    ['/interviews/acme/42', 'careers'],
    ['/roomfinder', 'housing'],
    ['/roomfinder/myroomrequest', 'housing'],
    ['/events', 'events'],
    ['/profile', 'profile'],
    ['/profile/uploadbook', 'profile'],
    ['/commondataform', 'profile'],
  ])('sends %s to the %s remote', (pathname, remote) => {
    expect(remoteForPath(config, pathname)).toBe(remote);
  });

  it('leaves unknown paths and look-alike prefixes to the 404 page', () => {
    expect(remoteForPath(config, '/no-such-page')).toBeNull();
    expect(remoteForPath(config, '/library-x')).toBeNull();
    expect(remoteForPath(config, '/post-card')).toBeNull();
  });

  it('reads the registry the first HTML carries only when it is one, so a mangled copy falls back to /remotes.json', () => {
    expect(parseRemotesConfig(JSON.stringify(config))).toEqual(config);
    for (const broken of [
      '',
      '{',
      'null',
      '[]',
      '{"library":{"paths":["/library"]}}',
      '{"x":{"manifest":"/m","paths":[1]}}',
    ])
      expect(parseRemotesConfig(broken)).toBeNull();
  });

  it("preloads a screen's first reads for its exact path only, and only same-origin API reads", () => {
    expect(preloadsForPath(config, '/events')).toEqual(['/api/event/allevents?page=1&limit=10']);
    expect(preloadsForPath(config, '/events/else')).toEqual([]);
    expect(preloadsForPath(config, '/library')).toEqual([]);
    expect(preloadsForPath(config, '/no-such-page')).toEqual([]);
    const withPreload = (urls: unknown) =>
      JSON.stringify({ events: { manifest: '/m.json', paths: ['/events'], preload: { '/events': urls } } });
    expect(parseRemotesConfig(withPreload(['/api/event/allevents?page=1']))).not.toBeNull();
    for (const hostile of [
      ['https://evil.example/api/x'],
      ['//evil.example/api/x'],
      ['/remotes/x.js'],
      ['/api/a b'],
      ['/api/../../admin'],
      ['/api/%2e%2e/%2e%2e/admin'],
      ['/api/x\u0000'],
      ['/api\\..\\admin'],
      [1],
      '/api/x',
    ])
      expect(parseRemotesConfig(withPreload(hostile))).toBeNull();
  });

  it('refuses an entry that would claim every page or load its manifest from a script URL', () => {
    const entry = (manifest: string, paths: unknown) => JSON.stringify({ x: { manifest, paths } });
    expect(parseRemotesConfig(entry('https://cdn.example/x/mf-manifest.json', ['/x']))).not.toBeNull();
    for (const paths of [[''], ['/'], ['x'], ['/a b'], ['/a/../b']])
      expect(parseRemotesConfig(entry('/remotes/x/mf-manifest.json', paths))).toBeNull();
    for (const manifest of ['javascript:alert(1)', '//evil.example/m.json', 'data:,{}'])
      expect(parseRemotesConfig(entry(manifest, ['/x']))).toBeNull();
  });

  it('loads every remote from its own manifest under /remotes/<name>/', () => {
    for (const [name, entry] of Object.entries(config)) {
      expect(entry.manifest).toBe(`/remotes/${name}/mf-manifest.json`);
    }
  });
});
