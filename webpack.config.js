// Browser bundle: `npx webpack --mode production` -> build/client (index.html + hashed assets).
// `npm run dev:client` serves on :3000 and proxies the API and runtime config to the server on :8080.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = (_env, argv = {}) => {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const production = mode === 'production';

  return {
    mode,
    entry: { main: path.resolve(__dirname, 'src/client/index.tsx') },
    output: {
      path: path.resolve(__dirname, 'build/client'),
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true } },
        },
        // src/shared holds declarations (contract tables, resource definitions, pure functions): a module
        // none of whose exports a chunk uses is left out, even when re-exported (endpoints -> master table).
        { test: /[\\/]src[\\/]shared[\\/]/, sideEffects: false },
        { test: /\.(svg|png|jpe?g|gif|webp|ico)$/i, type: 'asset/resource' },
      ],
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    optimization: {
      // One entry: the webpack runtime lives in main (one request less on the sign-in path).
      runtimeChunk: false,
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Every library needed at start (React, state, routing, MUI core, emotion) in one long-cached chunk.
          vendors: { test: /[\\/]node_modules[\\/]/, name: 'vendors', chunks: 'initial', priority: 20, enforce: true },
          // Libraries of lazy screens: webpack's shared async chunks (one per set of screens that use them).
          defaultVendors: { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: production ? 'warning' : false, maxAssetSize: 400_000, maxEntrypointSize: 600_000 },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.resolve(__dirname, 'public/index.html'),
        favicon: path.resolve(__dirname, 'public/favicon.svg'),
        scriptLoading: 'defer',
        inject: 'head',
      }),
    ],
    devServer: {
      port: 3000,
      hot: true,
      static: false,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: ['/api', '/runtime-config.js'], target: 'http://localhost:8080', changeOrigin: false }],
    },
  };
};
