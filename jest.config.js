// `npm test`: unit and integration tests. Server tests run on PGlite in process, or on the
// PostgreSQL server named by DATABASE_URL. Browser tests have their own config (jest.browser.config.js).
const common = {
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

module.exports = {
  // A fresh database per test file takes ~1 s, more on a loaded two-core machine; lazy client chunks
  // are transformed on first use. Generous, but a test that hangs still fails.
  testTimeout: 60_000,
  // One worker per core. Jest's default is one less than the cores, and on the 2-core CI machines that is one:
  // every file in the main process, one after the other, each later file slower as that process grows. Measured
  // on such a machine (warm caches): `npm test` 8m12s -> 3m58s, `npm run test:pg` 1m43s -> 1m13s.
  maxWorkers: '100%',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/__tests__/**/*.test.ts', '<rootDir>/src/shared/**/__tests__/**/*.test.ts'],
      globalSetup: '<rootDir>/src/server/test-support/global-setup.js',
      globalTeardown: '<rootDir>/src/server/test-support/global-teardown.js',
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/client/**/__tests__/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test-support/setup.ts'],
      moduleNameMapper: { '\\.(css|png|svg|jpg)$': '<rootDir>/__mocks__/file-mock.js' },
    },
  ],
};
