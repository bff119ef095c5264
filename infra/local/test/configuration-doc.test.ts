import fs from 'node:fs';
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

  test('what compose sets is read from its environment blocks, shared block included', () => {
    const compose = composeEnvironment(readComposeFile());
    expect(compose.get('identity')?.get('TEACHER_CODE')).toMatch(/\$\{TEACHER_CODE/);
    expect(compose.get('library')?.get('AMQP_URL')).toMatch(/rabbitmq:5672/);
    expect(compose.get('gateway')?.get('IDENTITY_SERVICE_URL')).toBe('http://identity:8080');
  });
});
