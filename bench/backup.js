// `npm run bench:backup`: see bench/backup-memory.ts. Runs the TypeScript through Babel, as bench/index.js does.
const path = require('node:path');

require('@babel/register')({
  extensions: ['.ts', '.tsx', '.js'],
  only: [path.resolve(__dirname, '..', 'src'), path.resolve(__dirname)],
  cache: true,
});

require('./backup-memory.ts')
  .main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err && err.stack ? err.stack : err);
    process.exit(1);
  });
