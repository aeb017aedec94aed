// Runs the TypeScript server code on Node through Babel (the same babel.config.js as webpack and Jest).
// Usage: node scripts/run-ts.js <file.ts> [exported function, default: main]
const path = require('node:path');

function registerTs() {
  require('@babel/register')({
    extensions: ['.ts', '.tsx', '.js'],
    only: [path.resolve(__dirname, '..', 'src')],
    cache: true,
  });
}

async function runTs(file, fn = 'main') {
  registerTs();
  const mod = require(path.resolve(file));
  const code = await mod[fn]();
  if (typeof code === 'number') process.exitCode = code;
}

module.exports = { registerTs, runTs };

if (require.main === module) {
  const [file, fn] = process.argv.slice(2);
  const exportName = fn || (file.endsWith('audit-verify.ts') ? 'auditVerify' : 'main');
  runTs(file, exportName).catch((err) => {
    console.error(err && err.message ? err.message : err);
    process.exit(1);
  });
}
