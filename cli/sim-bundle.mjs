// The command line and its worker as one cached JavaScript bundle each, so `npm run sim` starts
// without compiling TypeScript in the main thread and again in every worker thread. The bundle is
// rebuilt only when it is missing or older than one of the files that went into it (esbuild's
// metafile lists them) or than this file. It lives in node_modules/.cache, outside git, in a
// folder of this checkout's own: a git worktree may share node_modules with another checkout,
// whose sources differ.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
const outdir = join(root, 'node_modules', '.cache', `portfolio-sim-${checkout}`);
const manifest = join(outdir, 'inputs.json');
/** Bundle name → entry; the names keep the layout that `new URL('./sim-worker.mjs', …)` expects. */
const entryPoints = { sim: 'cli/sim.ts', 'sim-worker': 'cli/sim-worker.ts' };

function modified(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Infinity; // missing: as good as changed
  }
}

function fresh() {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch {
    return false;
  }
  const built = Math.min(
    ...Object.keys(entryPoints).map((name) => modified(join(outdir, `${name}.mjs`))),
  );
  const sources = [fileURLToPath(import.meta.url), ...inputs.map((input) => join(root, input))];
  return sources.every((source) => modified(source) < built);
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    metafile: true,
    write: false,
    logLevel: 'warning',
    // Dawn's native addon loads from the package itself.
    external: ['webgpu'],
  });
  mkdirSync(outdir, { recursive: true });
  // Written beside and renamed into place, so a run started meanwhile never reads half a file.
  const replace = (path, contents) => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  };
  for (const file of result.outputFiles) replace(file.path, file.contents);
  replace(manifest, JSON.stringify(Object.keys(result.metafile.inputs)));
}

/** The folder holding sim.mjs and sim-worker.mjs, built first when out of date. */
export async function simBundle() {
  if (!fresh()) await build();
  return outdir;
}
