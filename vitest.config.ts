import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The test files that build a brand for real, each for minutes. */
const realBuilds =
  /\/builder\/(releases\/builder(-kill)?|storefront-build|previews\/preview-build)\.test\.ts$/;

/**
 * Runs the real builds first, so that they share the two workers with each other and the
 * rest fills in behind them, instead of a long build starting last (on a clean clone Vitest
 * has no timings yet and orders by file size).
 */
class RealBuildsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const builds = sorted.filter((spec) => realBuilds.test(spec.moduleId));
    return [...builds, ...sorted.filter((spec) => !builds.includes(spec))];
  }
}

export default defineConfig({
  test: {
    include: [
      '{src,server,contract,scripts,builder,functions}/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/hostile/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, so the
    // real builds, which spend much of their time waiting on an Astro child process, ran
    // alone while every other file waited behind them.
    maxWorkers: 2,
    sequence: { sequencer: RealBuildsFirst },
    // Property tests run hundreds of cases; on a busy 2-core machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
