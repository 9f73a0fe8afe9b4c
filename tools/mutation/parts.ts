// What `npm run mutation` measures: the parts of the code where one wrong line gives a wrong
// answer, each with the unit tests that check it directly and the score it must reach. A new
// source file joins a group here (the engine's files must each be in exactly one).

/** Files mutated together, judged by the tests that check them directly. */
export interface Group {
  /** Files to mutate (paths or globs). */
  mutate: string[];
  /** The unit tests that run against them. */
  testFiles: string[];
}

/**
 * A part: one group, or several named groups measured one Stryker run each, all into the part's
 * one report. Groups keep a mutant from rerunning slow tests that only reach its code in passing.
 */
export type Part = (Group | { groups: Record<string, Group> }) & {
  /** The score it must reach, in percent. */
  goal: number;
};

/** The engine's folder: each of its source files belongs to exactly one group of the engine part. */
export const ENGINE = 'src/features/prisoners/engine';
const RUNTIME = 'src/features/prisoners/runtime';
const engine = (...names: string[]) => names.map((name) => `${ENGINE}/${name}`);

export const PARTS: Record<string, Part> = {
  engine: {
    // Fastest first, so a run's figures come in early. Why each file has the tests it has: the
    // README's "Mutation testing" section.
    groups: {
      settings: {
        mutate: engine('lab-settings.ts', 'whole-numbers.ts'),
        testFiles: engine('lab-settings.test.ts'),
      },
      calibration: {
        mutate: engine('calibration.ts'),
        testFiles: engine('calibration.test.ts'),
      },
      structure: {
        mutate: engine('cycles.ts', 'variants.ts', 'statistics.ts', 'tally.ts', 'types.ts'),
        testFiles: engine(
          'cycles.test.ts',
          'variants.test.ts',
          'statistics.test.ts',
          'tally.test.ts',
        ),
      },
      game: {
        mutate: engine('game.ts', 'auto-play.ts', 'constants.ts'),
        testFiles: engine('game.test.ts', 'game-sizes.test.ts', 'game-branches.test.ts'),
      },
      exact: {
        mutate: engine('exact.ts'),
        testFiles: engine('exact.test.ts', 'game-sizes.test.ts'),
      },
      streams: {
        mutate: [...engine('streams.ts'), `${RUNTIME}/streams-job.ts`, `${RUNTIME}/run-ledger.ts`],
        testFiles: [
          ...engine('streams.test.ts'),
          `${RUNTIME}/streams-job.test.ts`,
          `${RUNTIME}/run-ledger.test.ts`,
        ],
      },
      random: {
        mutate: engine('sfc32.ts', 'rng.ts', 'permutation.ts'),
        testFiles: engine('sfc32.test.ts', 'rng.test.ts'),
      },
      kernels: {
        mutate: engine('trials.ts', 'literal-kernels.ts', 'fast-kernels.ts'),
        testFiles: engine('trials.test.ts'),
      },
      gpu: {
        mutate: ['src/features/prisoners/gpu/wgsl/gpu-kernels.ts'],
        testFiles: ['src/features/prisoners/gpu/gpu-trials.test.ts'],
      },
    },
    goal: 90,
  },
  'segment-display': {
    mutate: [
      'src/components/segment-display/**/*.{ts,tsx}',
      '!src/components/segment-display/**/*.test.{ts,tsx}',
    ],
    testFiles: ['src/components/segment-display/**/*.test.{ts,tsx}'],
    goal: 80,
  },
  'lab-pool': {
    mutate: [
      'src/features/prisoners/runtime/cpu-pool.ts',
      'src/features/prisoners/runtime/update-throttle.ts',
    ],
    testFiles: [
      'src/features/prisoners/runtime/cpu-pool.test.ts',
      'src/features/prisoners/runtime/update-throttle.test.ts',
    ],
    goal: 80,
  },
  'worker-bridge': {
    mutate: ['src/features/prisoners/runtime/worker-bridge.ts'],
    testFiles: ['src/features/prisoners/runtime/worker-bridge.test.ts'],
    goal: 80,
  },
  store: {
    mutate: ['src/features/prisoners/simulation/game-store.ts'],
    testFiles: ['src/features/prisoners/simulation/game-store.test.ts'],
    goal: 80,
  },
  'path-arcs': {
    mutate: ['src/features/prisoners/grid/path-arcs.ts'],
    testFiles: ['src/features/prisoners/grid/*.test.ts'],
    goal: 80,
  },
};
