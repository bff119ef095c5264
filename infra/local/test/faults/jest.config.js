// Fault tests of the multi-process platform: real processes, the machine's PostgreSQL and
// RabbitMQ (DATABASE_URL, AMQP_URL; loopback defaults), each with its own databases and virtual
// host. Run with `npm run test:faults`; each prints its figures. One at a time: they kill processes.
const path = require('node:path');
const { transformIgnorePatterns } = require('../../../../jest.esm-packages');

module.exports = {
  rootDir: path.resolve(__dirname, '..', '..', '..', '..'),
  roots: ['<rootDir>/infra/local/test/faults'],
  testMatch: ['**/*.fault.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { module: { type: 'commonjs' } }] },
  transformIgnorePatterns,
  maxWorkers: 1,
  testTimeout: 120_000,
};
