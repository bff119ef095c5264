// One jest run for every workspace: Node projects hit real HTTP and a real database;
// the web project renders components in jsdom. E2E (real Chromium) runs separately.
const swc = [
  '@swc/jest',
  { jsc: { transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
const transform = { '^.+\\.(t|j)sx?$': swc };

module.exports = {
  // Opening an embedded PostgreSQL takes seconds, more on a busy 2-core machine.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      transform,
      roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/infra'],
      testMatch: ['**/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/packages/(ui|web-kit)/'],
      // file-type (upload sniffing) and its tokenizer packages ship ES modules only: swc compiles
      // them to CommonJS like our own code (Node 20's require(esm) does the same for tsx and node).
      transformIgnorePatterns: [
        '/node_modules/(?!(file-type|strtok3|token-types|@tokenizer/inflate|uint8array-extras|@borewit/text-codec)/)',
      ],
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
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    },
  ],
};
