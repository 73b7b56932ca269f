import { defineConfig } from 'vitest/config';

/** The hostile-input, crash and scale-out suites (`npm run test:hostile`, `npm run test:crash`,
 * `npm run test:scale`): minutes long, one file at a time (they measure the service under load, and
 * OCR fills both cores). */
export default defineConfig({
  test: {
    include: ['test/hostile/**/*.test.ts', 'test/crash/**/*.test.ts', 'test/scale/**/*.test.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
