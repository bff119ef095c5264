import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, SERVICES } from '../service-registry';
import { BROKER_DEFINITIONS_FILE, renderBrokerDefinitions } from '../topology';
import { apiCatalogueFiles } from './api-catalogue';
import { composeFile, prometheusConfigFile } from './compose-file';
import { withEventConsumers } from './event-consumers-doc';
import { formatted, REPO_ROOT, repoPath, type GeneratedFile } from './generated-file';
import { gatewayRouteTableFile } from './gateway-routes';
import { remotesFile } from './remotes-file';
import { KUBERNETES_DIR, kubernetesManifests } from '../../../kubernetes/src/manifests';

/**
 * Everything generated from the platform registry and the routes the services declare, formatted as
 * it is committed. `npm run generate` writes them; generated-files.test.ts fails when one is stale.
 */
export async function generatedFiles(): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [
    ...(await apiCatalogueFiles(SERVICES)),
    gatewayRouteTableFile(SERVICES, REMOTES),
    composeFile(SERVICES, REMOTES),
    prometheusConfigFile(SERVICES),
    remotesFile(REMOTES),
    { file: BROKER_DEFINITIONS_FILE, content: renderBrokerDefinitions(SERVICES) },
    // deploy/kubernetes: the kustomize base and overlays (ADR 0115).
    ...kubernetesManifests(SERVICES, REMOTES).map(({ file, content }) => ({
      file: path.join(KUBERNETES_DIR, file),
      content,
    })),
  ];
  const eventsDoc = repoPath('docs', 'events.md');
  const consumers = {
    file: eventsDoc,
    content: withEventConsumers(
      fs.readFileSync(eventsDoc, 'utf8'),
      SERVICES.map((s) => s.definition),
    ),
  };
  // Prose is not laid out by prettier (.prettierignore): only its generated column is written.
  return [...(await Promise.all(files.map(formatted))), consumers];
}

/** The generated files whose committed content differs from what the registry and routes say. */
export function staleFiles(files: ReadonlyArray<GeneratedFile>): string[] {
  return files
    .filter(({ file, content }) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content)
    .map(({ file }) => path.relative(REPO_ROOT, file));
}

export function writeGeneratedFiles(files: ReadonlyArray<GeneratedFile>): string[] {
  const stale = staleFiles(files);
  for (const { file, content } of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return stale;
}
