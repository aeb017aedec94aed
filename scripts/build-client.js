// Builds the client bundle with webpack when the build is missing or older than its sources.
// `node scripts/build-client.js --force` always builds.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'build', 'client');
const stamp = path.join(outDir, '.build-stamp');
const SOURCES = ['src/client', 'src/shared', 'public', 'webpack.config.js', 'babel.config.js', 'package-lock.json'];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) {
    if (e === '__tests__' || e === 'node_modules') continue;
    max = Math.max(max, newestMtime(path.join(p, e)));
  }
  return max;
}

function isStale() {
  let built;
  try {
    built = fs.statSync(stamp).mtimeMs;
  } catch {
    return 'no build yet';
  }
  const src = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  return src > built ? 'sources changed since the last build' : null;
}

function ensureClientBuilt({ force = false } = {}) {
  const why = force ? 'forced' : isStale();
  if (!why) return false;
  console.log(`Building the client (${why}); this takes about a minute ...`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('The client build failed (see the webpack output above).');
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log(`Client built in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
  return true;
}

module.exports = { ensureClientBuilt, isStale };

if (require.main === module) {
  try {
    ensureClientBuilt({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
