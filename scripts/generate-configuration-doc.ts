/** `npm run docs:config`: writes docs/configuration.md from the configuration schemas and compose. */
import fs from 'node:fs';
import {
  CONFIGURATION_DOC,
  readComposeFile,
  renderConfigurationDoc,
} from '../infra/local/src/configuration-doc';

fs.writeFileSync(CONFIGURATION_DOC, renderConfigurationDoc(readComposeFile()));
console.log(`wrote ${CONFIGURATION_DOC}`);
