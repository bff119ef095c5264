// The API suite: the whole platform through the gateway over HTTP, in either mode.
//   npm run test:api                 embedded (`npm start`'s runner)
//   MODE=multi npm run test:api      one process per service on PostgreSQL + RabbitMQ
// One platform serves every suite of a run (global setup), so suites run one after another.
const path = require('node:path');

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  roots: ['<rootDir>/e2e-api'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { module: { type: 'commonjs' } }] },
  globalSetup: '<rootDir>/e2e-api/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e-api/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 30_000,
};
