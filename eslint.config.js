import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

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

/** One file-name case: kebab-case, dots between parts (`vite.config.ts`, `x.test.ts`). */
const fileNames = {
  rules: {
    'kebab-case': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const name = path.basename(context.filename);
        const stem = name.replace(/\.(d\.)?(test\.|spec\.)?[cm]?[jt]sx?$/, '');
        if (!/^[a-z0-9]+([-.][a-z0-9]+)*$/.test(stem)) {
          context.report({ loc: { line: 1, column: 0 }, message: `File names are kebab-case: rename "${name}".` });
        }
        return {};
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'file-names': fileNames },
    rules: {
      'file-names/kebab-case': 'error',
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
