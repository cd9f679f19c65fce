import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{src,server,contract,scripts,build,functions}/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/hostile/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'threads',
    // Property tests run hundreds of cases; on a busy 2-core machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
