// The JS checks of `make lint` (with tsc --checkJs, tsconfig.json): the recommended rules, plus a
// few that catch real mistakes in this codebase's style. Generated and vendored files are not ours.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['www/pkg/', 'www/vendor/', 'dist/', 'target/', 'node_modules/', 'tests/e2e/artifacts/', '.venv/', 'python/tilesearch/static/'] },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker, ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-shadow': 'off',
    },
  },
];
