// Stryker's incremental reports, one per part: scores, results carried over from an earlier report,
// and static survivors taken out so that Stryker tests them again.
import { mutated } from './selection.ts';

export interface ReportTest {
  id: string;
  name: string;
  location?: { start: { line: number; column: number } };
}
export interface ReportMutant {
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
