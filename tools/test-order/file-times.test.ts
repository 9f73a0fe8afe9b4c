// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatFileTimes,
  longestFirst,
  mergeFileTimes,
  parseFileTimes,
  readFileTimes,
} from './file-times.ts';

const everyFile = () => true;

describe('the browser files’ order', () => {
  const times = {
    'e2e/a.e2e.ts': 30_000,
    'e2e/b.e2e.ts': 120_000,
    'e2e/c.e2e.ts': 5_000,
    'e2e/d.e2e.ts': 30_000,
  };
  const byName = (files: string[]) => longestFirst(files, (file) => file, times);

  it('runs the longest first', () => {
    expect(byName(['e2e/c.e2e.ts', 'e2e/a.e2e.ts', 'e2e/b.e2e.ts'])).toEqual({
      order: ['e2e/b.e2e.ts', 'e2e/a.e2e.ts', 'e2e/c.e2e.ts'],
      unknown: [],
    });
  });

  it('keeps the given order among files of equal time', () => {
    expect(byName(['e2e/d.e2e.ts', 'e2e/a.e2e.ts']).order).toEqual([
      'e2e/d.e2e.ts',
      'e2e/a.e2e.ts',
    ]);
    expect(byName(['e2e/a.e2e.ts', 'e2e/d.e2e.ts']).order).toEqual([
      'e2e/a.e2e.ts',
      'e2e/d.e2e.ts',
    ]);
  });

  it('runs files with no recorded time first, in their given order, and names them', () => {
    expect(
      byName(['e2e/c.e2e.ts', 'e2e/new.e2e.ts', 'e2e/b.e2e.ts', 'e2e/renamed.e2e.ts']),
    ).toEqual({
      order: ['e2e/new.e2e.ts', 'e2e/renamed.e2e.ts', 'e2e/b.e2e.ts', 'e2e/c.e2e.ts'],
      unknown: ['e2e/new.e2e.ts', 'e2e/renamed.e2e.ts'],
    });
  });

  it('orders whatever items it is given by the file each names', () => {
    const items = [{ path: 'e2e/c.e2e.ts' }, { path: 'e2e/b.e2e.ts' }];
    expect(longestFirst(items, (item) => item.path, times).order).toEqual([
      { path: 'e2e/b.e2e.ts' },
      { path: 'e2e/c.e2e.ts' },
    ]);
  });

  it('treats every file as unknown when nothing is recorded', () => {
    expect(longestFirst(['e2e/b.e2e.ts', 'e2e/a.e2e.ts'], (file) => file, {})).toEqual({
      order: ['e2e/b.e2e.ts', 'e2e/a.e2e.ts'],
      unknown: ['e2e/b.e2e.ts', 'e2e/a.e2e.ts'],
    });
  });
});

describe('merging a run’s times', () => {
  const earlier = { 'e2e/a.e2e.ts': 30_000, 'e2e/b.e2e.ts': 120_000 };

  it('takes the new time of a file measured whole and keeps the others’ (a partial run)', () => {
    expect(
      mergeFileTimes(earlier, [{ file: 'e2e/a.e2e.ts', ms: 41_234.6, complete: true }], everyFile),
    ).toEqual({ 'e2e/a.e2e.ts': 41_235, 'e2e/b.e2e.ts': 120_000 });
  });

  it('adds a file measured for the first time', () => {
    expect(
      mergeFileTimes(earlier, [{ file: 'e2e/new.e2e.ts', ms: 999.4, complete: true }], everyFile),
    ).toEqual({ 'e2e/a.e2e.ts': 30_000, 'e2e/b.e2e.ts': 120_000, 'e2e/new.e2e.ts': 999 });
  });

  it('keeps the earlier time of a file that failed or ran only some of its tests', () => {
    expect(
      mergeFileTimes(
        earlier,
        [
          { file: 'e2e/a.e2e.ts', ms: 2_000, complete: false },
          { file: 'e2e/new.e2e.ts', ms: 2_000, complete: false },
        ],
        everyFile,
      ),
    ).toEqual(earlier);
  });

  it('drops files that no longer exist', () => {
    expect(
      mergeFileTimes(
        earlier,
        [{ file: 'e2e/c.e2e.ts', ms: 7_000, complete: true }],
        (file) => file !== 'e2e/a.e2e.ts',
      ),
    ).toEqual({ 'e2e/b.e2e.ts': 120_000, 'e2e/c.e2e.ts': 7_000 });
  });

  it('writes the files in path order, one a line', () => {
    const merged = mergeFileTimes(
      { 'e2e/z.e2e.ts': 1, 'e2e/b.e2e.ts': 2 },
      [{ file: 'e2e/a.e2e.ts', ms: 3, complete: true }],
      everyFile,
    );
    expect(Object.keys(merged)).toEqual(['e2e/a.e2e.ts', 'e2e/b.e2e.ts', 'e2e/z.e2e.ts']);
    expect(formatFileTimes(merged)).toBe(
      '{\n  "e2e/a.e2e.ts": 3,\n  "e2e/b.e2e.ts": 2,\n  "e2e/z.e2e.ts": 1\n}\n',
    );
  });
});

describe('reading the times', () => {
  it('keeps only times that are finite and not negative', () => {
    expect(parseFileTimes('{"a": 12, "b": -1, "c": "12", "d": null, "e": 0, "f": 1e999}')).toEqual({
      a: 12,
      e: 0,
    });
  });

  it('rejects text that is not a JSON object', () => {
    expect(() => parseFileTimes('[1, 2]')).toThrow('file times: not a JSON object');
    expect(() => parseFileTimes('null')).toThrow('file times: not a JSON object');
    expect(() => parseFileTimes('<<<<<<< HEAD')).toThrow(SyntaxError);
  });

  it('reads no times from a missing file, and says why it cannot read a broken one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'file-times-'));
    expect(readFileTimes(join(folder, 'missing.json'))).toEqual({ times: {} });
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '[]');
    expect(readFileTimes(broken)).toEqual({
      times: {},
      problem: `${broken} is unreadable (file times: not a JSON object)`,
    });
    const good = join(folder, 'good.json');
    writeFileSync(good, formatFileTimes({ 'e2e/a.e2e.ts': 5 }));
    expect(readFileTimes(good)).toEqual({ times: { 'e2e/a.e2e.ts': 5 } });
  });
});
