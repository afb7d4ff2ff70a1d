import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Which folder may import which is checked by dependency-cruiser (.dependency-cruiser.cjs,
// `npm run deps`); ESLint keeps what an import graph cannot see: the browser globals the
// simulator must not touch, and where e2e specs take their `test` from.
/** Where an e2e spec may not take its `test` from: fixtures/test.ts is the one. */
const E2E_TEST_FROM = [
  {
    name: '@playwright/test',
    importNames: ['test'],
    message:
      'take test from e2e/fixtures/test.ts (it fails on CSP violations and gives the page objects)',
  },
  {
    name: './fixtures/page-problems.ts',
    importNames: ['test'],
    message: 'take test from e2e/fixtures/test.ts (the page objects are fixtures there)',
  },
  {
    name: './page-problems.ts',
    importNames: ['test'],
    message: 'only e2e/fixtures/test.ts extends the page-problems test',
  },
  {
    name: './reused-context.ts',
    importNames: ['test'],
    message: 'only e2e/fixtures/page-problems.ts extends the reused-context test',
  },
];

/** axe comes through fixtures/axe.ts, whose PageAxe checks the same for half the work. */
const E2E_AXE_FROM = {
  name: '@axe-core/playwright',
  message:
    'take PageAxe from e2e/fixtures/axe.ts (the same analysis, without a blank page per run)',
};

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
    // React's recommended rules, the React Compiler's checks among them (purity, refs,
    // set-state-in-effect, immutability): a finding is fixed where it comes from, never disabled
    files: ['src/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // a missing dependency is a stale read waiting to happen: an error, not a warning
      'react-hooks/exhaustive-deps': 'error',
      // styles live in the CSS modules; a computed number goes in as a custom property
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message:
            'put the style in the component’s CSS module; set a computed value as a custom property through a ref',
        },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
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
    // every spec runs under the served CSP and fails on a violation, with the page objects as
    // fixtures: its test comes from e2e/fixtures/test.ts, which is built on page-problems.ts,
    // built on reused-context.ts (a worker's context reused, each test's state cleared);
    // and its axe from e2e/fixtures/axe.ts (no blank page per analysis where no frame needs one)
    files: ['e2e/**/*.ts'],
    ignores: [
      'e2e/fixtures/reused-context.ts',
      'e2e/fixtures/page-problems.ts',
      'e2e/fixtures/test.ts',
      'e2e/fixtures/axe.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [...E2E_TEST_FROM, E2E_AXE_FROM] }] },
  },
  {
    files: ['e2e/fixtures/axe.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: E2E_TEST_FROM }] },
  },
);
