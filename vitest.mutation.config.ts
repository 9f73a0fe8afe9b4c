import { mergeConfig } from 'vite';
import base from './vite.config.ts';

// The unit tests' configuration for mutation testing: instrumented code runs several times
// slower, so a test of millions of arrangements gets longer than the default five seconds.
export default mergeConfig(base, { test: { testTimeout: 60_000 } });
