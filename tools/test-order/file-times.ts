// The browser test files' measured times, and the order they give: two files run at a time, so
// the long ones start first and neither worker is left running a long file alone at the end.
// The times live in a committed JSON file (path from the repository root → milliseconds), written
// after each run by the suite's reporter and read before the next by its sequencer.
import { readFileSync } from 'node:fs';

/** Milliseconds each browser test file took in its latest complete run, by repository path. */
export type FileTimes = Record<string, number>;

/** What one run measured of one file. */
export interface MeasuredFile {
  /** Path from the repository root, with forward slashes. */
  file: string;
  ms: number;
  /** Every test of the file ran and passed: a filtered or failed run's time says little. */
  complete: boolean;
}

/**
 * The times in `text`: entries whose value is not a finite non-negative number are left out.
 * Throws on text that is not a JSON object.
 */
export function parseFileTimes(text: string): FileTimes {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('file times: not a JSON object');
  }
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] >= 0,
    ),
  );
}

/** The times recorded at `path`: none for a missing file, and a reason for an unreadable one. */
export function readFileTimes(path: string): { times: FileTimes; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { times: {} };
  }
  try {
    return { times: parseFileTimes(text) };
  } catch (error) {
    return { times: {}, problem: `${path} is unreadable (${(error as Error).message})` };
  }
}

/**
 * The earlier times with a run's measurements in: a file measured whole takes its new time
 * (rounded to the millisecond), every other file keeps its earlier one, and files that no longer
 * `exist` (renamed or removed) leave. Keys in path order, so the committed file diffs cleanly.
 */
export function mergeFileTimes(
  earlier: FileTimes,
  measured: readonly MeasuredFile[],
  exists: (file: string) => boolean,
): FileTimes {
  const merged: FileTimes = { ...earlier };
  for (const { file, ms, complete } of measured) if (complete) merged[file] = Math.round(ms);
  return Object.fromEntries(
    Object.entries(merged)
      .filter(([file]) => exists(file))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** The times as the committed file holds them: one file a line, and a final newline. */
export function formatFileTimes(times: FileTimes): string {
  return `${JSON.stringify(times, null, 2)}\n`;
}

/**
 * `items` in the order to run them: those with no recorded time first (a new or renamed file may
 * be long, and starting it late could leave it running alone), in their given order; then the
 * rest, longest first, ties in their given order. `unknown` lists the files with no time.
 */
export function longestFirst<T>(
  items: readonly T[],
  fileOf: (item: T) => string,
  times: FileTimes,
): { order: T[]; unknown: string[] } {
  const timeOf = (item: T) => times[fileOf(item)];
  const unknown = items.filter((item) => timeOf(item) === undefined);
  // Array.prototype.sort is stable: equal times keep their given order.
  const known = items
    .filter((item) => timeOf(item) !== undefined)
    .sort((a, b) => timeOf(b)! - timeOf(a)!);
  return { order: [...unknown, ...known], unknown: unknown.map(fileOf) };
}
