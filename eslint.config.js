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
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'astro:config/server',
              importNames: ['cacheDir'],
              message:
                "A preview renders with a release's server bundle, which names the release's cache folder: the build's own is buildDetailsDir()'s (src/lib/content/product-details.ts).",
            },
          ],
        },
      ],
    },
  },
  // Which folder may import which: the layer rule in .dependency-cruiser.cjs (npm run lint:layers).
);
