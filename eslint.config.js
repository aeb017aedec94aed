// ESLint flat config: TypeScript rules for all code, React hooks rules for the client, and the layering of
// DESIGN.md as errors (import-x): no import cycles anywhere; in the client, lib <- crud <- features <- app,
// and features never import each other (what two share lives in lib, crud or app).
const fs = require('node:fs');
const path = require('node:path');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const importX = require('eslint-plugin-import-x');

const CLIENT = './src/client';
const FEATURES = fs.readdirSync(path.join(__dirname, 'src/client/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * Who may not import whom in the client. lib is the bottom; crud builds on lib; features on crud and lib; of the
 * app, features and crud see only its base (the store and the session), never what assembles the features
 * (routes, shell, root saga). Tests are exempt: they mount the whole app around what they test.
 */
const APP_BASE = ['./store.ts', './session-slice.ts', './session-constants.ts'];
const CLIENT_LAYERS = [
  { target: `${CLIENT}/lib`, from: [`${CLIENT}/crud`, `${CLIENT}/features`, `${CLIENT}/app`], message: 'client/lib is the bottom layer: it imports no crud, feature or app code.' },
  { target: `${CLIENT}/crud`, from: `${CLIENT}/features`, message: 'client/crud is built for every feature: it imports none.' },
  { target: [`${CLIENT}/crud`, `${CLIENT}/features`], from: `${CLIENT}/app`, except: APP_BASE, message: 'Only the app base (store, session slice, session constants) may be imported from client/app.' },
  ...FEATURES.map((f) => ({
    target: `${CLIENT}/features/${f}`,
    from: `${CLIENT}/features`,
    except: [`./${f}`],
    message: 'Features never import each other: move what two features share to client/lib, client/crud or client/app.',
  })),
];

module.exports = tseslint.config(
  { ignores: ['build/**', 'data/**', 'coverage/**', 'node_modules/**', 'bench/results*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      // Type-only imports too: a cycle of types still ties the modules' layers together.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/__tests__/**', 'src/client/test-support/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: CLIENT_LAYERS }] },
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client and shared code never import the server.' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Server modules: the activity workflow builds on the parameter configuration, never the other way
    // round (a folder-level cycle that file-level no-cycle does not see).
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/**/__tests__/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './src/server/modules/parameters', from: './src/server/modules/activities', message: 'Parameters never import activities: activities build on parameters (pass what is needed in from app.ts).' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] },
      ],
    },
  },
  {
    // Shared tests may check the shared encoding against the server's decoder.
    files: ['src/shared/**/__tests__/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
