import { mergeConfig } from 'vite';
import base from './vite.config.ts';

// The unit tests' configuration for mutation testing: instrumented code runs several times
// slower, so a test of millions of arrangements gets longer than the default five seconds, and
// the ten-thousand-box game longer than its own hang guard (Stryker times out hung mutants itself).
const config = mergeConfig(base, {
  test: { testTimeout: 60_000, env: { LONG_TEST_TIMEOUT_MS: String(30 * 60_000) } },
});

// The part's own test files (a JSON list of globs) from scripts/mutation.ts. They are chosen
// here and not with Stryker's `testFiles`: given those, Stryker switches a mutant on only after
// the test files have loaded, so a mutant in code that runs as its module loads (a table, a
// constant) was never switched on and always survived.
const partTests = process.env.MUTATION_TEST_FILES;
if (partTests) config.test = { ...config.test, include: JSON.parse(partTests) as string[] };

export default config;
