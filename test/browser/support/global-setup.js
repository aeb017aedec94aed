// Builds the client once (only when stale) before the browser tests run.
const { ensureClientBuilt } = require('../../../scripts/build-client');

module.exports = async function globalSetup() {
  ensureClientBuilt();
};
