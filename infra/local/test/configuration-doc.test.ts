import fs from 'node:fs';
import type { z } from 'zod';
import { SERVICES } from '../src/service-registry';
import {
  CONFIGURATION_DOC,
  collectSettings,
  composeEnvironment,
  readComposeFile,
  renderConfigurationDoc,
} from '../src/configuration-doc';

describe('docs/configuration.md', () => {
  test('is what the configuration schemas and docker-compose.yml generate (run `npm run docs:config`)', () => {
    expect(fs.readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(renderConfigurationDoc(readComposeFile()));
  });

  test('every setting of every process says what it does', () => {
    const undocumented = collectSettings()
      .filter((s) => !s.description?.trim())
      .map((s) => `${s.name} (${s.readBy.join(', ')})`);
    expect(undocumented).toEqual([]);
  });

  test('a setting several processes read is described the same by each (the doc has one row and one description)', () => {
    // The doc keeps the first process's description: one that names that process's own items
    // (books, posts...) would then be wrong for the others.
    const descriptions = new Map<string, Map<string, string[]>>();
    for (const { definition } of SERVICES) {
      const shape = (definition.configSchema as unknown as z.ZodObject<Record<string, z.ZodType>>).shape;
      for (const [key, field] of Object.entries(shape)) {
        const text = field.description ?? '';
        const byText = descriptions.get(key) ?? new Map<string, string[]>();
        byText.set(text, [...(byText.get(text) ?? []), definition.name]);
        descriptions.set(key, byText);
      }
    }
    const differing = [...descriptions]
      .filter(([, byText]) => byText.size > 1)
      .map(([key, byText]) => `${key}: ${[...byText.values()].map((names) => names.join('+')).join(' / ')}`);
    expect(differing).toEqual([]);
  });

  test('what compose sets is read from its environment blocks, shared block included', () => {
    const compose = composeEnvironment(readComposeFile());
    expect(compose.get('identity')?.get('TEACHER_CODE')).toMatch(/\$\{TEACHER_CODE/);
    expect(compose.get('library')?.get('AMQP_URL')).toMatch(/rabbitmq:5672/);
    expect(compose.get('gateway')?.get('IDENTITY_SERVICE_URL')).toBe('http://identity:8080');
  });
});
