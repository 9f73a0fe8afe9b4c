// `npm run mutation [-- part …] [--force] [--only=glob,…] [--concurrency=n]`: StrykerJS over the code where one wrong line gives a
// wrong answer, one part at a time. Each part keeps its own incremental report in
// reports/mutation/ (committed), so a later run tests only the mutants whose code or tests
// changed, and prints the part's score.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

const ENGINE = 'src/features/prisoners/engine';
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

interface ReportTest {
  id: string;
  name: string;
  location?: { start: { line: number; column: number } };
}
interface ReportMutant {
  status: string;
  static?: boolean;
  killedBy?: string[];
  coveredBy?: string[];
}
export interface Report {
  files: Record<string, { mutants: ReportMutant[] }>;
  testFiles?: Record<string, { tests: ReportTest[] }>;
}

/** Killed and timed-out mutants over all that were tested or left uncovered, per file and in all. */
export function scores(report: Report) {
  const count = (mutants: { status: string }[]) => {
    const detected = mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
    const undetected = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
    return { detected, undetected: undetected.length };
  };
  const files = Object.entries(report.files).map(([file, { mutants }]) => ({
    file,
    ...count(mutants),
  }));
  const detected = files.reduce((sum, file) => sum + file.detected, 0);
  const undetected = files.reduce((sum, file) => sum + file.undetected, 0);
  return { files, detected, undetected, score: (100 * detected) / (detected + undetected) };
}

const incrementalFile = (part: string) => `reports/mutation/${part}.json`;

const readReport = (file: string): Report | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : null;

/** The groups of a part, by name (a part of one group is named after itself). */
export function groupsOf(name: string, part: Part): [string, Group][] {
  return 'groups' in part
    ? Object.entries(part.groups)
    : [[name, { mutate: part.mutate, testFiles: part.testFiles }]];
}

/** The files of `folder` (not tests) that no group of `part` mutates, and those two or more do. */
export function ungrouped(part: Part, folder: string, files: string[]) {
  const mutated = groupsOf('', part).flatMap(([, group]) => group.mutate);
  const sources = files
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `${folder}/${file}`);
  return {
    missing: sources.filter((file) => !mutated.includes(file)),
    twice: sources.filter((file) => mutated.filter((entry) => entry === file).length > 1),
  };
}

const matches = (file: string, pattern: string) =>
  /[*?{[]/.test(pattern) ? path.matchesGlob(file, pattern) : file === pattern;

/**
 * What each of a part's groups mutates this time: all its files, or with --only the ones it
 * names (groups it names none of are left out). A part of one group mutates --only as given.
 */
export function runsOf(name: string, part: Part, only: string[] | undefined): [string, Group][] {
  if (!only) return groupsOf(name, part);
  if (!('groups' in part)) return [[name, { mutate: only, testFiles: part.testFiles }]];
  return groupsOf(name, part).flatMap(([group, { mutate, testFiles }]): [string, Group][] => {
    const narrowed = mutate.filter((file) => only.some((pattern) => matches(file, pattern)));
    return narrowed.length > 0 ? [[group, { mutate: narrowed, testFiles }]] : [];
  });
}

const testKey = (file: string, test: ReportTest) =>
  `${file}\0${test.name}\0${test.location ? `${test.location.start.line}:${test.location.start.column}` : ''}`;

/**
 * Adds to `report` the files of `earlier` it lacks (Stryker writes only the files it mutated),
 * their mutants' tests named by `report`'s ids: a test both reports know (same file, name and
 * place) keeps `report`'s id, one only `earlier` knows is added under a new id. Stryker finds
 * the tests by those three, so a later run still reuses these files' results. Only the files
 * `keep` accepts are added.
 */
export function mergeEarlier(
  report: Report,
  earlier: Report,
  keep: (file: string) => boolean = () => true,
): Report {
  const testFiles = (report.testFiles ??= {});
  const ids = new Map<string, string>();
  let nextId = 0;
  for (const [file, { tests }] of Object.entries(testFiles)) {
    for (const test of tests) {
      ids.set(testKey(file, test), test.id);
      if (/^\d+$/.test(test.id)) nextId = Math.max(nextId, Number(test.id) + 1);
    }
  }
  const earlierTests = new Map<string, [string, ReportTest]>();
  for (const [file, { tests }] of Object.entries(earlier.testFiles ?? {})) {
    for (const test of tests) earlierTests.set(test.id, [file, test]);
  }
  const idFor = (earlierId: string): string[] => {
    const found = earlierTests.get(earlierId);
    if (!found) return [];
    const [file, test] = found;
    const key = testKey(file, test);
    let id = ids.get(key);
    if (id === undefined) {
      id = String(nextId++);
      ids.set(key, id);
      (testFiles[file] ??= { tests: [] }).tests.push({ ...test, id });
    }
    return [id];
  };
  for (const [file, result] of Object.entries(earlier.files)) {
    if (file in report.files || !keep(file)) continue;
    report.files[file] = {
      ...result,
      mutants: result.mutants.map((mutant) => ({
        ...mutant,
        ...(mutant.killedBy && { killedBy: mutant.killedBy.flatMap(idFor) }),
        ...(mutant.coveredBy && { coveredBy: mutant.coveredBy.flatMap(idFor) }),
      })),
    };
  }
  return report;
}

/** Whether `file` is among the files a `mutate` list (globs, `!` excluding) names. */
export function mutated(file: string, mutate: string[]): boolean {
  const included = mutate.some((pattern) => !pattern.startsWith('!') && matches(file, pattern));
  return included && !mutate.some((p) => p.startsWith('!') && matches(file, p.slice(1)));
}

/**
 * Takes out of `report` the static mutants (in code that runs as its module loads) that survived
 * in the files `mutate` names, so that Stryker tests them again rather than reusing the result:
 * until 2026-11-24 the runs named their test files to Stryker, which then never switched a static
 * mutant on in time for a test to see it. Returns how many it took out.
 */
export function retestStaticSurvivors(report: Report, mutate: string[]): number {
  let taken = 0;
  for (const [file, result] of Object.entries(report.files)) {
    if (!mutated(file, mutate)) continue;
    // A report carried over by a run of another group marks no mutant static; a survivor that no
    // test covers is one.
    const isStatic = (mutant: ReportMutant) => mutant.static || mutant.coveredBy?.length === 0;
    const kept = result.mutants.filter(
      (mutant) => !(isStatic(mutant) && mutant.status === 'Survived'),
    );
    taken += result.mutants.length - kept.length;
    result.mutants = kept;
  }
  return taken;
}

async function main(args: string[]) {
  const force = args.includes('--force');
  // Narrows the parts to some of their files, e.g. --only=src/features/prisoners/engine/game.ts
  const only = args
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  // Fewer test processes than the configuration's default, for a machine that others load too.
  const concurrencyArg = args.find((arg) => arg.startsWith('--concurrency='));
  const concurrency = concurrencyArg ? Number(concurrencyArg.slice('--concurrency='.length)) : null;
  if (concurrency !== null && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    console.error(`--concurrency needs a whole number of at least 1, got ${concurrencyArg}.`);
    process.exit(2);
  }
  const asked = args.filter((arg) => !arg.startsWith('--'));
  const unknown = asked.filter((part) => !(part in PARTS));
  if (unknown.length > 0) {
    console.error(`Unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}.`);
    process.exit(2);
  }
  // A new engine file must join a group before the engine's score counts it.
  const { missing, twice } = ungrouped(PARTS.engine!, ENGINE, readdirSync(ENGINE));
  if (missing.length > 0 || twice.length > 0) {
    console.error(
      `Every engine file belongs to one group of the engine part: ${[...missing, ...twice].join(', ')} ${missing.length > 0 ? 'in none' : 'in two'}.`,
    );
    process.exit(2);
  }
  const { Stryker } = await import('@stryker-mutator/core');
  const parts = asked.length > 0 ? asked : Object.keys(PARTS);
  let belowGoal = false;
  for (const part of parts) {
    const { goal } = PARTS[part]!;
    for (const [group, { mutate, testFiles }] of runsOf(part, PARTS[part]!, only)) {
      const earlier = readReport(incrementalFile(part));
      if (earlier && !force) {
        const retested = structuredClone(earlier);
        if (retestStaticSurvivors(retested, mutate) > 0) {
          writeFileSync(incrementalFile(part), JSON.stringify(retested));
        }
      }
      if (group !== part) console.log(`${part}, ${group}: ${mutate.join(', ')}`);
      // The Vitest configuration reads the test files from here (see vitest.mutation.config.ts);
      // Stryker's worker processes inherit it.
      process.env.MUTATION_TEST_FILES = JSON.stringify(testFiles);
      await new Stryker({
        configFile: 'stryker.config.mjs',
        mutate,
        incrementalFile: incrementalFile(part),
        force,
        ...(concurrency === null ? {} : { concurrency }),
        htmlReporter: { fileName: `reports/mutation/html/${group}.html` },
      }).runMutationTest();
      // Stryker writes only the files it mutated this time: with --only or groups, the part's
      // other files keep their earlier results (Stryker tests them again once their code or
      // tests change); a file that left every group leaves the report.
      const report = readReport(incrementalFile(part))!;
      if (earlier && (only || group !== part)) {
        const kept = (file: string) =>
          !('groups' in PARTS[part]!) ||
          groupsOf(part, PARTS[part]!).some(([, { mutate }]) => mutate.includes(file));
        writeFileSync(incrementalFile(part), JSON.stringify(mergeEarlier(report, earlier, kept)));
      }
    }
    const result = scores(readReport(incrementalFile(part)) ?? { files: {} });
    console.log(`${part}: ${result.score.toFixed(2)}% (goal ${goal}%)`);
    for (const file of result.files) {
      console.log(`  ${file.file}: ${file.detected} detected, ${file.undetected} undetected`);
    }
    if (result.score < goal) belowGoal = true;
  }
  process.exitCode = belowGoal ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
