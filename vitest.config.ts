import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Minutes-long suites, run on their own: npm run test:hostile, test:crash, test:scale.
    exclude: [...configDefaults.exclude, 'test/hostile/**', 'test/crash/**', 'test/scale/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
