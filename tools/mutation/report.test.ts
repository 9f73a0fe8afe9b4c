// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeEarlier, retestStaticSurvivors, type Report } from './report.ts';
import { mutated } from './selection.ts';

describe('mutation testing parts', () => {
  it('keeps the files a run did not mutate, their tests renamed to the new report’s ids', () => {
    const place = { start: { line: 3, column: 1 } };
    const earlier: Report = {
      files: {
        'a.ts': { mutants: [{ status: 'Survived', coveredBy: ['0'] }] },
        'b.ts': { mutants: [{ status: 'Killed', killedBy: ['1'], coveredBy: ['0', '1'] }] },
        'gone.ts': { mutants: [{ status: 'Killed', killedBy: ['0'] }] },
      },
      testFiles: {
        'a.test.ts': { tests: [{ id: '0', name: 'first' }] },
        'b.test.ts': { tests: [{ id: '1', name: 'second', location: place }] },
      },
    };
    // The new run mutated a.ts only and ran a.test.ts, whose test now has id 4.
    const report: Report = {
      files: { 'a.ts': { mutants: [{ status: 'Killed', killedBy: ['4'], coveredBy: ['4'] }] } },
      testFiles: { 'a.test.ts': { tests: [{ id: '4', name: 'first' }] } },
    };
    expect(mergeEarlier(report, earlier, (file) => file !== 'gone.ts')).toEqual({
      files: {
        'a.ts': { mutants: [{ status: 'Killed', killedBy: ['4'], coveredBy: ['4'] }] },
        'b.ts': { mutants: [{ status: 'Killed', killedBy: ['5'], coveredBy: ['4', '5'] }] },
      },
      testFiles: {
        'a.test.ts': { tests: [{ id: '4', name: 'first' }] },
        'b.test.ts': { tests: [{ id: '5', name: 'second', location: place }] },
      },
    });
  });

  it('tests again the static survivors of the files a run mutates, and nothing else', () => {
    const report: Report = {
      files: {
        'src/a.ts': {
          mutants: [
            { status: 'Survived', static: true },
            { status: 'Survived', static: false },
            { status: 'Killed', static: true },
            // Carried over by another group's run: no longer marked, but covered by no test.
            { status: 'Survived', static: false, coveredBy: [] },
            { status: 'Survived', static: false, coveredBy: ['3'] },
          ],
        },
        'src/b.test.ts': { mutants: [{ status: 'Survived', static: true }] },
        'lib/c.ts': { mutants: [{ status: 'Survived', static: true }] },
      },
    };
    expect(retestStaticSurvivors(report, ['src/**/*.ts', '!src/**/*.test.ts'])).toBe(2);
    expect(report.files['src/a.ts']!.mutants).toEqual([
      { status: 'Survived', static: false },
      { status: 'Killed', static: true },
      { status: 'Survived', static: false, coveredBy: ['3'] },
    ]);
    expect(report.files['src/b.test.ts']!.mutants).toHaveLength(1);
    expect(report.files['lib/c.ts']!.mutants).toHaveLength(1);
    expect(mutated('src/a.ts', ['src/a.ts'])).toBe(true);
    expect(mutated('src/ab.ts', ['src/a.ts'])).toBe(false);
  });
});
