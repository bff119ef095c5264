import { loadConfig } from '@campus/service-kit/config';
import { createLogger } from '@campus/service-kit/logger';
import { startTracing } from '@campus/service-kit/tracing';
import { GatewayConfig } from './config';
import { startGateway } from './start-gateway';

async function main() {
  const config = loadConfig('gateway', GatewayConfig);
  const tracing = startTracing({ serviceName: 'gateway', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const gateway = await startGateway(config, logger);
  const shutdown = () => {
    logger.info('gateway stopping');
    void gateway
      .stop()
      .then(() => tracing?.shutdown())
      .catch(() => undefined)
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
