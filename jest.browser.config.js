// `npm run test:browser`: end-to-end tests in Debian's headless Chromium (playwright-core), against the
// real server started the way `npm start` starts it, on a fresh embedded database per test file.
module.exports = {
  displayName: 'browser',
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
  globalSetup: '<rootDir>/test/browser/support/global-setup.js',
  testTimeout: 120_000,
};
