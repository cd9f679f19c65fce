import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,server,contract,scripts}/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
  },
});
