// `npm run mutation [-- part …] [--force] [--only=glob,…] [--concurrency=n]`: StrykerJS over the code where one wrong line gives a
// wrong answer, one part at a time. Each part keeps its own incremental report in
// reports/mutation/ (committed), so a later run tests only the mutants whose code or tests
// changed, and prints the part's score.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Stryker } from '@stryker-mutator/core';

interface Part {
  /** Files to mutate. */
  mutate: string[];
  /** The unit tests that run against them: a part is judged by its own tests. */
  testFiles: string[];
  /** The score it must reach, in percent. */
  goal: number;
}

export const PARTS: Record<string, Part> = {
  engine: {
    mutate: ['src/prisoners/engine/**/*.ts', '!src/prisoners/engine/**/*.test.ts'],
    testFiles: ['src/prisoners/engine/**/*.test.ts'],
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
    mutate: ['src/prisoners/lab/lab-pool.ts', 'src/prisoners/lab/update-throttle.ts'],
    testFiles: ['src/prisoners/lab/lab-pool.test.ts', 'src/prisoners/lab/update-throttle.test.ts'],
    goal: 80,
  },
  'worker-bridge': {
    mutate: ['src/prisoners/worker-bridge.ts'],
    testFiles: ['src/prisoners/worker-bridge.test.ts'],
    goal: 80,
  },
  store: {
    mutate: ['src/prisoners/store.ts'],
    testFiles: ['src/prisoners/store.test.ts'],
    goal: 80,
  },
  'path-arcs': {
    mutate: ['src/prisoners/grid/path-arcs.ts'],
    testFiles: ['src/prisoners/grid/*.test.ts'],
    goal: 80,
  },
};

type Report = { files: Record<string, { mutants: { status: string }[] }> };

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

async function main(args: string[]) {
  const force = args.includes('--force');
  // Narrows the parts to some of their files, e.g. --only=src/prisoners/engine/game.ts
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
  const parts = asked.length > 0 ? asked : Object.keys(PARTS);
  let belowGoal = false;
  for (const part of parts) {
    const { mutate, testFiles, goal } = PARTS[part]!;
    const earlier = readReport(incrementalFile(part));
    // vitest.mutation.config.ts runs only these (see there why not Stryker's `testFiles`).
    process.env.MUTATION_TEST_FILES = JSON.stringify(testFiles);
    await new Stryker({
      configFile: 'stryker.config.mjs',
      mutate: only ?? mutate,
      incrementalFile: incrementalFile(part),
      force,
      ...(concurrency === null ? {} : { concurrency }),
      htmlReporter: { fileName: `reports/mutation/html/${part}.html` },
    }).runMutationTest();
    // Stryker writes only the files it mutated this time: with --only, the part's other files
    // keep their earlier results (Stryker tests them again once their code or tests change).
    const report = readReport(incrementalFile(part))!;
    if (only && earlier) {
      for (const [file, result] of Object.entries(earlier.files)) report.files[file] ??= result;
      writeFileSync(incrementalFile(part), JSON.stringify(report));
    }
    const result = scores(report);
    console.log(`${part}: ${result.score.toFixed(2)}% (goal ${goal}%)`);
    for (const file of result.files) {
      console.log(`  ${file.file}: ${file.detected} detected, ${file.undetected} undetected`);
    }
    if (result.score < goal) belowGoal = true;
  }
  process.exitCode = belowGoal ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
