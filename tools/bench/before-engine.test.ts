// @vitest-environment node
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_LAYOUTS, layoutOf } from './before-engine.ts';

describe("the earlier engine's layout", () => {
  it('finds the job runner of a revision with the features layout', () => {
    const files = new Set([
      'src/features/prisoners/engine/streams.ts',
      'src/features/prisoners/runtime/streams-job.ts',
    ]);
    expect(layoutOf((path) => files.has(path))).toEqual({
      folders: ['src/features/prisoners/engine', 'src/features/prisoners/runtime'],
      runner: 'src/features/prisoners/runtime/streams-job.ts',
    });
  });

  it('finds the job runner of a revision from before the features layout', () => {
    const files = new Set(['src/prisoners/engine/streams.ts', 'src/prisoners/engine/lab-run.ts']);
    expect(layoutOf((path) => files.has(path))).toEqual({
      folders: ['src/prisoners/engine'],
      runner: 'src/prisoners/engine/lab-run.ts',
    });
  });

  it('finds none in a revision with neither', () => {
    expect(layoutOf(() => false)).toBeNull();
  });

  it("knows this checkout's own layout, so later revisions can compare with it", () => {
    const layout = layoutOf(existsSync);
    expect(layout).toBe(ENGINE_LAYOUTS[0]);
    for (const folder of layout!.folders) expect(existsSync(folder), folder).toBe(true);
  });
});
