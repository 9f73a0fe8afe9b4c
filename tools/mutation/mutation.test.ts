// @vitest-environment node
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  groupsOf,
  mergeEarlier,
  mutated,
  PARTS,
  retestStaticSurvivors,
  runsOf,
  ungrouped,
  type Report,
} from './mutation.ts';

const ENGINE = 'src/features/prisoners/engine';
const RUNTIME = 'src/features/prisoners/runtime';

describe('mutation testing parts', () => {
  it('measures every engine file in exactly one group, against test files that exist', () => {
    expect(ungrouped(PARTS.engine!, ENGINE, readdirSync(ENGINE))).toEqual({
      missing: [],
      twice: [],
    });
    for (const [, { mutate, testFiles }] of groupsOf('engine', PARTS.engine!)) {
      for (const file of [...mutate, ...testFiles]) expect(existsSync(file), file).toBe(true);
    }
  });

  it('names the engine files no group mutates and those two groups do', () => {
    const part = {
      groups: { a: { mutate: [`${ENGINE}/a.ts`], testFiles: [] } },
      goal: 90,
    };
    const twice = {
      groups: {
        a: { mutate: [`${ENGINE}/a.ts`], testFiles: [] },
        b: { mutate: [`${ENGINE}/a.ts`, `${ENGINE}/b.ts`], testFiles: [] },
      },
      goal: 90,
    };
    const files = ['a.ts', 'a.test.ts', 'b.ts'];
    expect(ungrouped(part, ENGINE, files)).toEqual({ missing: [`${ENGINE}/b.ts`], twice: [] });
    expect(ungrouped(twice, ENGINE, files)).toEqual({ missing: [], twice: [`${ENGINE}/a.ts`] });
  });

  it('narrows a grouped part to the groups --only names, each with its own tests', () => {
    const runs = runsOf('engine', PARTS.engine!, [
      `${ENGINE}/game.ts`,
      `${ENGINE}/streams.ts`,
      `${RUNTIME}/streams-job.ts`,
    ]);
    expect(runs).toEqual([
      [
        'game',
        {
          mutate: [`${ENGINE}/game.ts`],
          testFiles: [
            `${ENGINE}/game.test.ts`,
            `${ENGINE}/game-sizes.test.ts`,
            `${ENGINE}/game-branches.test.ts`,
          ],
        },
      ],
      [
        'streams',
        {
          mutate: [`${ENGINE}/streams.ts`, `${RUNTIME}/streams-job.ts`],
          testFiles: [
            `${ENGINE}/streams.test.ts`,
            `${RUNTIME}/streams-job.test.ts`,
            `${RUNTIME}/run-ledger.test.ts`,
          ],
        },
      ],
    ]);
    expect(
      runsOf('engine', PARTS.engine!, [`${ENGINE}/*-kernels.ts`, '**/gpu-kernels.ts']).map(
        ([g, r]) => [g, r.mutate],
      ),
    ).toEqual([
      ['kernels', [`${ENGINE}/literal-kernels.ts`, `${ENGINE}/fast-kernels.ts`]],
      ['gpu', ['src/features/prisoners/gpu/wgsl/gpu-kernels.ts']],
    ]);
    // A part of one group mutates what --only says, as it always has.
    expect(
      runsOf('store', PARTS.store!, ['src/features/prisoners/simulation/game-store.ts']),
    ).toEqual([
      [
        'store',
        {
          mutate: ['src/features/prisoners/simulation/game-store.ts'],
          testFiles: ['src/features/prisoners/simulation/game-store.test.ts'],
        },
      ],
    ]);
    expect(runsOf('store', PARTS.store!, undefined)).toEqual([
      [
        'store',
        {
          mutate: ['src/features/prisoners/simulation/game-store.ts'],
          testFiles: ['src/features/prisoners/simulation/game-store.test.ts'],
        },
      ],
    ]);
  });

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
