import { generatedFiles, staleFiles } from '../src/generation/generated-files';

/**
 * The one drift check: every file generated from the platform registry and the services' declared
 * routes (the gateway's route table, docker-compose.yml, the broker definitions, remotes.json, the
 * browser's API catalogues) is committed as the generator writes it.
 */
describe('generated files', () => {
  it('are current: run `npm run generate` after changing the registry or a route', async () => {
    const files = await generatedFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(staleFiles(files)).toEqual([]);
  });
});
