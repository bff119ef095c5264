const os = require('node:os');
const { transformIgnorePatterns } = require('./jest.esm-packages');

// One jest run for every workspace: Node projects hit real HTTP and a real database;
// the web project renders components in jsdom. E2E (real Chromium) runs separately.
const swc = [
  '@swc/jest',
  { jsc: { transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
const transform = { '^.+\\.(t|j)sx?$': swc };

module.exports = {
  // Jest's default is one worker per core but one, so a single worker on a 2-core CI machine. The
  // suites mostly wait on an embedded PostgreSQL or a socket; two workers there halve the wall time
  // (housing and careers: 100 s -> 48 s with the PGlite template, docs/adr/0108).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // Opening an embedded PostgreSQL and migrating a service takes seconds, more on a busy 2-core
  // machine (a beforeAll that starts a service passed 30 s while the browser suite built beside it).
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      transform,
      roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/infra'],
      testMatch: ['**/test/**/*.test.ts'],
      // The new-domain templates' tests run in the domain they generate (infra/local/test/new-domain.test.ts).
      testPathIgnorePatterns: [
        '/node_modules/',
        '<rootDir>/packages/(ui|web-kit)/',
        '<rootDir>/infra/local/templates/',
      ],
      // ES-module-only packages the services load (upload sniffing), compiled like our own code.
      transformIgnorePatterns,
      // A file fails when a query went to a PostgreSQL client still answering another (pg 9 refuses it).
      setupFilesAfterEnv: ['<rootDir>/packages/service-kit/src/testing/one-query-at-a-time.ts'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform,
      roots: [
        '<rootDir>/packages/ui',
        '<rootDir>/packages/web-kit',
        '<rootDir>/shell',
        '<rootDir>/frontends',
      ],
      testMatch: ['**/test/**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/packages/web-kit/src/testing/jsdom-globals.ts'],
      setupFilesAfterEnv: [
        '<rootDir>/packages/web-kit/src/testing/fresh-storage.ts',
        '<rootDir>/packages/web-kit/src/testing/api-answer-contracts.ts',
      ],
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    },
  ],
};
