import { z } from 'zod';
import { defineRoute } from '@campus/service-kit/define-route';
import { apiCatalogueFiles } from '../src/generation/api-catalogue';
import { generatedFiles, staleFiles } from '../src/generation/generated-files';
import type { RegisteredService } from '../src/service-registry';

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

describe('the API catalogue', () => {
  const serviceDeclaring = (body: z.ZodType) =>
    ({
      definition: {
        name: 'probe',
        title: 'Probe API',
        configSchema: z.object({}).loose(),
        create: () => ({
          routes: [
            defineRoute({
              method: 'post',
              path: '/api/probe',
              operationId: 'createProbe',
              summary: 'Create a probe',
              access: 'user',
              request: { body },
              response: { status: 201, description: 'Created', body: z.object({ id: z.string() }) },
              handler: () => ({ id: 'p1' }),
            }),
          ],
        }),
      },
      main: 'services/probe/src/main.ts',
      port: 4999,
    }) as unknown as RegisteredService;

  it('types a body without who acts: an optional identity field is left to the session', async () => {
    const [catalogue] = await apiCatalogueFiles([
      serviceDeclaring(z.object({ title: z.string(), userId: z.string().optional() })),
    ]);
    expect(catalogue!.content).toContain('body: WithoutIdentity<CreateProbeBody>');
  });

  it('refuses a body that requires who acts, which the browser never sends', async () => {
    await expect(
      apiCatalogueFiles([serviceDeclaring(z.object({ title: z.string(), createdBy: z.string() }))]),
    ).rejects.toThrow(/POST \/api\/probe requires createdBy in its body/);
  });
});
