// The engine of an earlier revision for `npm run bench -- --before <revision>`: copied out of git
// into a temporary folder, so that its job runner's kernels take turns with today's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a revision keeps the engine and the job runner (the module exporting runWorkerJob). */
export interface EngineLayout {
  /** Folders to copy out of the revision: the runner's imports stay inside them. */
  folders: string[];
  runner: string;
}

/**
 * The layouts the engine has had, newest first. Each is pure TypeScript with relative imports
 * only, so a copy of its folders runs on its own.
 */
export const ENGINE_LAYOUTS: readonly EngineLayout[] = [
  // Features: the engine, and the runtime that runs it with the job runner streams-job.ts.
  {
    folders: ['src/features/prisoners/engine', 'src/features/prisoners/runtime'],
    runner: 'src/features/prisoners/runtime/streams-job.ts',
  },
  // Before that: the engine with its job runner lab-run.ts in one folder.
  { folders: ['src/prisoners/engine'], runner: 'src/prisoners/engine/lab-run.ts' },
];

/** The first layout whose job runner `exists` (a path from the repository root), or null. */
export function layoutOf(exists: (path: string) => boolean): EngineLayout | null {
  return ENGINE_LAYOUTS.find((layout) => exists(layout.runner)) ?? null;
}

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The engine of `given` (a git revision) copied into a temporary folder with the revision's
 * package.json and tsconfig.json (without them tsx compiles it as CommonJS, which measured the
 * fast kernel at less than half its speed): the copy's job runner, and the short revision.
 * Throws an Error saying what is wrong with `given`.
 */
export function copyEngine(given: string): { runner: string; revision: string } {
  let revision: string;
  try {
    revision = git('rev-parse', '--short', `${given}^{commit}`);
  } catch {
    throw new Error(`"${given}" is not a git revision`);
  }
  const layout = layoutOf((path) => {
    try {
      git('cat-file', '-e', `${revision}:${path}`);
      return true;
    } catch {
      return false;
    }
  });
  if (!layout) {
    const runners = ENGINE_LAYOUTS.map((known) => known.runner).join(' or ');
    throw new Error(`${revision} has no job runner at ${runners}`);
  }
  const folder = mkdtempSync(join(tmpdir(), `bench-before-${revision}-`));
  execFileSync('sh', [
    '-c',
    'revision="$1"; folder="$2"; shift 2; git archive "$revision" package.json tsconfig.json "$@" | tar -x -C "$folder"',
    'sh',
    revision,
    folder,
    ...layout.folders,
  ]);
  return { runner: join(folder, layout.runner), revision };
}
