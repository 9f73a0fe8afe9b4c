// Mutation testing (StrykerJS with its Vitest runner). `npm run mutation`
// (tools/mutation/mutation.ts) runs it once per part, and once per group of a grouped part (the
// parts: tools/mutation/parts.ts), with that run's files to mutate and the part's incremental
// file, so a run only tests the mutants whose code or tests changed since the committed report
// (docs/testing.md: "Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  incremental: true,
  // Two cores on the build machine, shared.
  concurrency: 2,
  timeoutMS: 5_000,
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/html/index.html' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
