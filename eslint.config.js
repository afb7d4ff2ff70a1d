import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layering is enforced here: src/sim is the pure core (no React, XState or DOM),
// machines may import the core, and components read machines through selectors.
export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/sim/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react/*'],
              message: 'src/sim is the pure core: no React.',
            },
            { group: ['xstate', '@xstate/*'], message: 'src/sim is the pure core: no XState.' },
            {
              group: ['**/machines/**', '**/components/**', '**/page/**'],
              message: 'src/sim must not import the layers above it.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'location',
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*'],
              message: 'machines stay free of React.',
            },
            {
              group: ['**/components/**', '**/page/**'],
              message: 'machines must not import components.',
            },
            {
              group: ['**/sim/*', '!**/sim/index.ts', '!**/sim/index'],
              message: 'import the core through src/sim/index.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // every spec runs under the served CSP and fails on a violation: its test comes from there
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures/page-problems.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'take test from e2e/fixtures/page-problems.ts (it fails on CSP violations)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/page/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sim/*', '!**/sim/index.ts', '!**/sim/index'],
              message: 'import the core through src/sim/index.ts only.',
            },
          ],
        },
      ],
    },
  },
);
