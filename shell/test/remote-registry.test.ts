import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRemotesConfig, remoteForPath, type RemotesConfig } from '@campus/web-kit/remotes-registry';

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
    expect(remoteForPath(config, '/nowhere')).toBeNull();
    expect(remoteForPath(config, '/libraryx')).toBeNull();
    expect(remoteForPath(config, '/postcard')).toBeNull();
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

  it('loads every remote from its own manifest under /remotes/<name>/', () => {
    for (const [name, entry] of Object.entries(config)) {
      expect(entry.manifest).toBe(`/remotes/${name}/mf-manifest.json`);
    }
  });
});
