import { mergeConfig } from 'vite';
import base from './vite.config.ts';

// The unit tests' configuration for mutation testing: instrumented code runs several times
// slower, so a test of millions of arrangements gets longer than the default five seconds, and
// the ten-thousand-box game longer than its own hang guard (Stryker times out hung mutants itself).
export default mergeConfig(base, {
  test: { testTimeout: 60_000, env: { LONG_TEST_TIMEOUT_MS: String(30 * 60_000) } },
});
