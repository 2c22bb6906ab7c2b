import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noReact = {
  patterns: [
    { group: ['react', 'react-dom', 'react-dom/*', 'dexie-react-hooks', '@tanstack/react-router', 'zustand/react', '@radix-ui/*'], message: 'src/db, src/sync and src/mutations must not import React (docs/architecture.md, "Invariants").' },
    { group: ['**/features/**', '**/routes/**'], message: 'src/db, src/sync and src/mutations must not depend on UI code.' },
  ],
};

/** Classic zod is not tree-shakable: one import puts all of it in the chunk (docs/first-load.md). */
const classicZod = {
  name: 'zod',
  message: 'The app and the service worker use zod/mini, so a bundle holds only the schemas it reaches (docs/first-load.md); classic zod is for server-only schemas.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/sync talks to the network (docs/architecture.md, "Invariants").' }],
      'no-restricted-imports': ['error', { paths: [classicZod] }],
    },
  },
  {
    files: ['src/db/**/*.ts', 'src/sync/**/*.ts', 'src/contract/**/*.ts', 'src/mutations/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { ...noReact, paths: [classicZod] }],
      'no-restricted-globals': 'off',
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { 'no-restricted-imports': ['error', { paths: [classicZod] }] },
  },
);
