// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENGINE, PARTS } from './parts.ts';
import { runsOf, ungrouped } from './selection.ts';

const RUNTIME = 'src/features/prisoners/runtime';

describe('mutation testing parts', () => {
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
            `${ENGINE}/game-step.test.ts`,
            `${ENGINE}/walk-index.test.ts`,
            `${ENGINE}/game-strategies.test.ts`,
            `${ENGINE}/openings.test.ts`,
            `${ENGINE}/auto-play.test.ts`,
            `${ENGINE}/speed-scale.test.ts`,
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
          testFiles: [
            'src/features/prisoners/simulation/game-store.test.ts',
            'src/features/prisoners/simulation/automatic-play.test.ts',
            'src/features/prisoners/simulation/game-state.test.ts',
            'src/features/prisoners/simulation/view-settings.test.ts',
            'src/features/prisoners/simulation/run-actions.test.ts',
            'src/features/prisoners/simulation/board-source.test.ts',
          ],
        },
      ],
    ]);
    expect(runsOf('store', PARTS.store!, undefined)).toEqual([
      [
        'store',
        {
          mutate: [
            'src/features/prisoners/simulation/game-store.ts',
            'src/features/prisoners/simulation/game-state.ts',
            'src/features/prisoners/simulation/deals.ts',
            'src/features/prisoners/simulation/view-settings.ts',
            'src/features/prisoners/simulation/run-actions.ts',
            'src/features/prisoners/simulation/board-source.ts',
          ],
          testFiles: [
            'src/features/prisoners/simulation/game-store.test.ts',
            'src/features/prisoners/simulation/automatic-play.test.ts',
            'src/features/prisoners/simulation/game-state.test.ts',
            'src/features/prisoners/simulation/view-settings.test.ts',
            'src/features/prisoners/simulation/run-actions.test.ts',
            'src/features/prisoners/simulation/board-source.test.ts',
          ],
        },
      ],
    ]);
  });
});
