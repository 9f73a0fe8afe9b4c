// @vitest-environment node
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE, PARTS } from './parts.ts';
import { groupsOf, ungrouped } from './selection.ts';

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
});
