import { defineConfig } from 'vite';
import { SWIFTSHADER_ICD } from './cli/node-webgpu.ts';
import base, { UNIT_TESTS } from './vite.config.ts';

// The unit tests' configuration for mutation testing: instrumented code runs several times
// slower, so a test of millions of arrangements gets longer than the default five seconds, and
// the ten-thousand-box game longer than its own hang guard (Stryker times out hung mutants itself).
//
// tools/mutation/mutation.ts names a run's test files in MUTATION_TEST_FILES (a JSON list), rather than
// in Stryker's own `testFiles`: given those, Stryker 9.6 runs a static mutant (one in code that
// runs as its module loads: a constant, a regular expression, a shader's text) with the mutant
// switched on only after the module has loaded, so no test could ever kill it.
const testFiles = process.env.MUTATION_TEST_FILES;

// Stryker's Vitest runner runs the tests in worker threads, where `requestNodeGpu` setting
// VK_ICD_FILENAMES changes only the thread's copy of the environment: Dawn reads the process's
// own, found no adapter, and every GPU test was skipped by its failed `beforeAll`, which Stryker
// takes for a passing run that covers nothing. Set here, in the process, before any thread starts.
process.env.VK_ICD_FILENAMES ??= SWIFTSHADER_ICD;

// One set of files, without the unit tests' split into thread and process pools: Stryker's
// runner has its own.
const unitTest = { ...base.test, projects: undefined };

export default defineConfig({
  ...base,
  test: {
    ...unitTest,
    include: testFiles ? (JSON.parse(testFiles) as string[]) : UNIT_TESTS,
    testTimeout: 60_000,
    env: { LONG_TEST_TIMEOUT_MS: String(30 * 60_000) },
  },
});
