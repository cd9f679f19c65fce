// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'dist-hostile/**',
      '.astro/**',
      '.data/**',
      '.cache/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.wrangler/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The reference backend must not reach into the shop, and the shop never into the backend.
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/**'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  {
    // The Pages Function runs on Cloudflare alone: it may share the contract, never the shop,
    // the backend, the build module or the build scripts (nor their Node-only dependencies).
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/src/**', '**/server/**', '**/build/**', '**/scripts/**'] },
      ],
    },
  },
);
