// One Babel setup for the three consumers: webpack (browser bundle), Jest, and the Node server
// (loaded through @babel/register by scripts/run-ts.js). Webpack keeps ES modules for tree shaking.
module.exports = (api) => {
  const isWebpack = api.caller((caller) => Boolean(caller && caller.name === 'babel-loader'));
  api.cache.using(() => `${isWebpack}:${process.env.NODE_ENV}`);
  return {
    presets: [
      [
        '@babel/preset-env',
        isWebpack
          ? { modules: false, bugfixes: true, targets: 'defaults and supports es6-module' }
          : { targets: { node: 'current' } },
      ],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { onlyRemoveTypeImports: true, allowDeclareFields: true }],
    ],
    // Outside webpack, import() becomes require(): Jest runs with --experimental-vm-modules (PGlite needs
    // it for its own imports), and with it a native import() of our CommonJS output would wrap the module
    // one level too deep (React.lazy would get { default: { default } }).
    plugins: isWebpack ? [] : ['@babel/plugin-transform-dynamic-import'],
  };
};
