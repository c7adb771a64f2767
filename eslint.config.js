import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import globals from 'globals';

// The web app may import only types from the server.
const serverTypesOnly = {
  group: ['**/server/**'],
  allowTypeImports: true,
  message: 'The web app may import only types from src/server.',
};
const toastsThroughLib = {
  name: 'sonner',
  allowTypeImports: true,
  message: 'Toasts come from lib/toast.ts, which loads sonner when the first one shows.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverTypesOnly], paths: [toastsThroughLib] }],
    },
  },
  {
    // The two places that load sonner itself; the web app's other rule still holds for them.
    files: ['src/web/lib/toast.ts', 'src/web/app/toaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverTypesOnly] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
  // The Web Push service worker: plain JavaScript served as it is, in a worker's global scope.
  { files: ['src/web/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  // Playwright fixtures take their dependencies as a destructured (possibly empty) first argument.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**'], message: 'shared stands alone.' }] },
      ],
    },
  },
);
