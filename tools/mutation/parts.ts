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
/** The shader's parts: each belongs to the engine part's gpu group. */
export const WGSL = 'src/features/prisoners/gpu/wgsl';
const PRISONERS = 'src/features/prisoners';
const RUNTIME = `${PRISONERS}/runtime`;
const SIMULATION = `${PRISONERS}/simulation`;
const GPU = `${PRISONERS}/gpu`;
const in_ =
  (folder: string) =>
  (...names: string[]) =>
    names.map((name) => `${folder}/${name}`);
const engine = in_(ENGINE);
const runtime = in_(RUNTIME);
const simulation = in_(SIMULATION);

export const PARTS: Record<string, Part> = {
  engine: {
    // Fastest first, so a run's figures come in early. Why each file has the tests it has:
    // docs/testing.md.
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
        mutate: engine('game.ts', 'walk-index.ts', 'openings.ts', 'auto-play.ts', 'constants.ts'),
        testFiles: engine(
          'game-step.test.ts',
          'walk-index.test.ts',
          'game-strategies.test.ts',
          'openings.test.ts',
          'auto-play.test.ts',
          'speed-scale.test.ts',
        ),
      },
      exact: {
        mutate: engine('exact.ts'),
        testFiles: engine('exact.test.ts', 'board-odds.test.ts', 'game-strategies.test.ts'),
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
        testFiles: engine('sfc32.test.ts', 'rng.test.ts', 'arrangements.test.ts'),
      },
      kernels: {
        mutate: engine('trials.ts', 'literal-kernels.ts', 'fast-kernels.ts'),
        testFiles: engine('trials.test.ts'),
      },
      gpu: {
        // The shader's parts: each kernel they make is checked against the CPU's counts.
        mutate: in_(`${GPU}/wgsl`)(
          'kernel-layout.ts',
          'draw-part.ts',
          'cycle-scan.ts',
          'method-part.ts',
          'strategy-part.ts',
          'tally-part.ts',
          'wgsl-text.ts',
          'gpu-kernels.ts',
        ),
        testFiles: [
          `${GPU}/gpu-trials.test.ts`,
          `${GPU}/wgsl/gpu-kernels.test.ts`,
          `${GPU}/wgsl/wgsl-text.test.ts`,
        ],
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
    mutate: runtime('cpu-pool.ts', 'update-throttle.ts', 'run-state.ts'),
    testFiles: runtime('cpu-pool.test.ts', 'update-throttle.test.ts', 'run-state.test.ts'),
    goal: 80,
  },
  'worker-bridge': {
    mutate: runtime('worker-bridge.ts', 'abort.ts'),
    testFiles: runtime('worker-bridge.test.ts', 'abort.test.ts'),
    goal: 80,
  },
  'lab-run': {
    mutate: [`${PRISONERS}/lab/lab-run-controller.ts`, `${PRISONERS}/lab/page-gpu.ts`],
    testFiles: [`${PRISONERS}/lab/lab-run-controller.test.ts`],
    goal: 80,
  },
  store: {
    mutate: simulation(
      'game-store.ts',
      'game-state.ts',
      'deals.ts',
      'view-settings.ts',
      'run-actions.ts',
      'board-source.ts',
    ),
    testFiles: simulation(
      'game-store.test.ts',
      'automatic-play.test.ts',
      'game-state.test.ts',
      'view-settings.test.ts',
      'run-actions.test.ts',
      'board-source.test.ts',
    ),
    goal: 80,
  },
  'path-arcs': {
    mutate: [`${PRISONERS}/grid/path-arcs.ts`],
    testFiles: [`${PRISONERS}/grid/*.test.ts`],
    goal: 80,
  },
};
