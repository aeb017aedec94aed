// `npm run bench [-- --quick] [-- --samples N] [-- --database-url URL]`: see bench/run.ts and README "Benchmarks".
// Runs the TypeScript runner through Babel (the same babel.config.js as the server).
const path = require('node:path');

require('@babel/register')({
  extensions: ['.ts', '.tsx', '.js'],
  only: [path.resolve(__dirname, '..', 'src'), path.resolve(__dirname)],
  cache: true,
});

require('./run.ts')
  .main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err && err.stack ? err.stack : err);
    process.exit(1);
  });
