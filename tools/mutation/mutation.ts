// `npm run mutation`: StrykerJS over the code where one wrong line gives a wrong answer (the parts
// in parts.ts), one part at a time. Each part keeps its own incremental report in
// reports/mutation/ (committed), so a later run tests only the mutants whose code or tests
// changed, and prints the part's score.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ENGINE, PARTS, WGSL } from './parts.ts';
import { mergeEarlier, retestStaticSurvivors, scores, type Report } from './report.ts';
import { groupsOf, runsOf, ungrouped } from './selection.ts';

const incrementalFile = (part: string) => `reports/mutation/${part}.json`;

const readReport = (file: string): Report | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : null;

const USAGE = `Usage: npm run mutation [-- part …] [--force] [--only=glob,…] [--concurrency=n]
  part            one of ${Object.keys(PARTS).join(', ')} (all when none is named)
  --force         test every mutant again, not only those whose code or tests changed
  --only=glob,…   mutate only the files the globs name, within the parts
  --concurrency=n test processes at a time (the configuration's default otherwise)
  --help          this text; runs nothing`;

async function main(args: string[]) {
  if (args.includes('--help')) {
    console.log(USAGE);
    return;
  }
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
  const unplaced = [ENGINE, WGSL].map((folder) =>
    ungrouped(PARTS.engine!, folder, readdirSync(folder)),
  );
  const missing = unplaced.flatMap((found) => found.missing);
  const twice = unplaced.flatMap((found) => found.twice);
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
