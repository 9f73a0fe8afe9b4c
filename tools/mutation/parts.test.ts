// @vitest-environment node
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE, PARTS, WGSL } from './parts.ts';
import { groupsOf, ungrouped } from './selection.ts';

describe('mutation testing parts', () => {
  it('measures every engine and shader file in exactly one group, against test files that exist', () => {
    for (const folder of [ENGINE, WGSL]) {
      expect(ungrouped(PARTS.engine!, folder, readdirSync(folder))).toEqual({
        missing: [],
        twice: [],
      });
    }
    for (const [, { mutate, testFiles }] of groupsOf('engine', PARTS.engine!)) {
      for (const file of [...mutate, ...testFiles]) expect(existsSync(file), file).toBe(true);
    }
  });
});
