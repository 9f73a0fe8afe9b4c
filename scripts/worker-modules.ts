import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/**
 * Every source file that runs in a worker: the entries in `workers/` and all they import by
 * relative path, followed to the end. Type-only imports are followed too, which can only add
 * files, never miss one.
 */
export function workerModules(root: string): string[] {
  const entries = readdirSync(join(root, 'workers'))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(root, 'workers', file));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      if (/\.tsx?$/.test(specifier!)) visit(resolve(dirname(file), specifier!));
    }
  };
  entries.forEach(visit);
  return [...seen].sort();
}
