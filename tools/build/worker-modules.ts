import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
/** A worker's entry: `name.worker.ts`, beside the API it exposes. */
const WORKER_ENTRY = /\.worker\.tsx?$/;

/** Every worker entry below `folder`. */
function workerEntries(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => WORKER_ENTRY.test(file))
    .map((file) => join(folder, file));
}

/**
 * Every source file that runs in a worker: the worker entries in `src/` (`*.worker.ts`) and all
 * they import by relative path, followed to the end. Type-only imports are followed too, which
 * can only add files, never miss one.
 */
export function workerModules(root: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      if (/\.tsx?$/.test(specifier!)) visit(resolve(dirname(file), specifier!));
    }
  };
  workerEntries(join(root, 'src')).forEach(visit);
  return [...seen].sort();
}
