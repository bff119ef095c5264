/** `npm run topology`: writes infra/rabbitmq/definitions.json from the service registry. */
import fs from 'node:fs';
import { BROKER_DEFINITIONS_FILE, renderBrokerDefinitions } from '../infra/local/src/topology';

fs.writeFileSync(BROKER_DEFINITIONS_FILE, renderBrokerDefinitions());
console.log(`wrote ${BROKER_DEFINITIONS_FILE}`);
