// ESLint flat config. `npm run lint` = eslint --max-warnings=0 --cache … . && prettier --check . (layout is
// Prettier's: eslint-config-prettier, last, turns off every rule that would argue with it).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
import appPaths, { firstSegments } from './eslint/rules/app-paths.js';
import backendLinks from './eslint/rules/backend-links.js';
import importBoundaries from './eslint/rules/import-boundaries.js';
import noImportCycle from './eslint/rules/no-import-cycle.js';

/** Project-local rules, used as `local/<rule>`. */
const local = {
  meta: { name: 'local' },
  rules: { 'import-boundaries': importBoundaries, 'backend-links': backendLinks, 'no-import-cycle': noImportCycle, 'app-paths': appPaths },
};

/** The folders whose files the import-cycle rule follows: every one with code. */
const CYCLE_FOLDERS = ['contract', 'fixtures', 'mock-server', 'src', 'e2e', 'scripts', 'stories', 'eslint', '.storybook'];

/** The route table's first path segments (src/lib/routes.ts is TypeScript, so it is read as text). */
const appSegments = firstSegments(readFileSync(new URL('./src/lib/routes.ts', import.meta.url), 'utf8'));

export default defineConfig([
  globalIgnores(['**/node_modules/', 'dist/', 'dist-demo/', 'dist-server/', 'storybook-static/', 'playwright-report/', 'test-results/', 'coverage/', 'public/mockServiceWorker.js', 'docs/api/']),

  js.configs.recommended,
  // Not the type-checked variants: they need a TS program per run and are much slower.
  tseslint.configs.recommended,

  {
    name: 'local/import-boundaries',
    plugins: { local },
    rules: { 'local/import-boundaries': 'error' },
  },

  {
    // No file's imports lead back to it, anywhere in the repository (issue 40; the mock's since
    // decision 053): two files that import each other cannot be read, tested or moved one at a time.
    name: 'local/no-import-cycle',
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local },
    rules: { 'local/no-import-cycle': ['error', { folders: CYCLE_FOLDERS }] },
  },

  {
    // The mock is a product of its own (decision 053): rooms of at most 400 lines (its layers are
    // local/import-boundaries'). A test file is a list of cases and may run to 600.
    name: 'mock-server: file size',
    files: ['mock-server/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    name: 'mock-server: test file size',
    files: ['mock-server/**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 600 }] },
  },

  {
    // An address from the backend is rendered by <BackendLink> only: http(s) and the portal's own
    // paths, whatever the runtime does with javascript: (decision 046).
    name: 'local/backend-links',
    files: ['src/**/*.tsx'],
    ignores: ['src/components/ui/backend-link.tsx'],
    plugins: { local },
    rules: { 'local/backend-links': 'error' },
  },

  {
    // An address of the app is built from the route table by href() (decision 064). Tests state
    // the addresses as a parent's browser sees them, a witness apart from the table.
    name: 'local/app-paths',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/routes.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    plugins: { local },
    rules: { 'local/app-paths': ['error', { segments: appSegments }] },
  },

  {
    // What a call changes is declared once, in src/lib/api/invalidations.ts, and applied by the
    // query client; no component lists query keys to invalidate.
    name: 'invalidations only in src/lib/api',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/api/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['invalidateQueries', 'removeQueries', 'refetchQueries', 'resetQueries'].map((property) => ({
          property,
          message: 'Declare what a call changes in src/lib/api/invalidations.ts; the query client applies it.',
        })),
      ],
    },
  },

  {
    name: 'react-hooks (src, stories)',
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    // The static half of what e2e/a11y.spec.ts checks in the browser (decision 022).
    name: 'jsx-a11y (src, stories, mock UI)',
    files: ['src/**/*.tsx', 'stories/**/*.tsx', 'mock-server/ui/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },

  {
    // zod decides at a schema's birth whether to compile parsers with eval, which the portal's CSP
    // forbids: z comes from contract/zod.ts, which turns that off in browsers first.
    name: 'zod through contract/zod.ts (contract, src)',
    files: ['contract/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['contract/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Take z from '#contract/zod' (contract/zod.ts): it turns zod's eval-compiled parsers off in browsers (CSP).", allowTypeImports: true }] },
      ],
    },
  },

  // Runtime globals for plain JS files (in TS files, TypeScript itself checks names).
  {
    name: 'globals: browser',
    files: ['src/**', 'stories/**', '.storybook/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'globals: node',
    files: ['scripts/**', 'eslint/**', '.storybook/main.*', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'globals: browser + node',
    files: ['mock-server/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  prettier,
]);
