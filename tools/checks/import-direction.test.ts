// @vitest-environment node
// Test helpers import in one direction: the browser tests (e2e/) may use the tooling (tools/) and
// the command line (cli/), never the other way round, so the tooling runs without the browser
// specs and a helper has one home.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Module specifiers in `source`: static and dynamic imports, re-exports and side-effect imports. */
function specifiers(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g);
  return [...found].map((match) => match[2]!);
}

/** The relative imports of `file` (a path from the root) that land inside `folder`. */
function importsInto(file: string, source: string, folder: string): string[] {
  const target = join(root, folder) + sep;
  return specifiers(source).filter(
    (specifier) =>
      specifier.startsWith('.') && resolve(root, dirname(file), specifier).startsWith(target),
  );
}

/** Every script under `folder`, as paths from the root. */
function scripts(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|tsx|mts|js|mjs)$/.test(path))
    .map((path) => relative(root, join(root, folder, path)));
}

describe('import direction', () => {
  it('finds imports that reach into a folder, in every form', () => {
    // The sample reaches into docs/, so that this file itself imports nothing from e2e/.
    const source = [
      "import { a } from '../../docs/a.ts';",
      "import type { B } from '../../docs/b.ts';",
      "export { c } from '../../docs/c.ts';",
      "import '../../docs/d.ts';",
      "const e = await import('../../docs/e.ts');",
      "import { f } from '../serve/preview-server.ts';",
      "import { g } from 'vitest';",
      "import { h } from '../docs/not-the-root-one.ts';",
    ].join('\n');
    expect(importsInto('tools/stress/example.ts', source, 'docs')).toEqual([
      '../../docs/a.ts',
      '../../docs/b.ts',
      '../../docs/c.ts',
      '../../docs/d.ts',
      '../../docs/e.ts',
    ]);
  });

  it.each(['tools', 'cli'])('%s/ never imports the browser tests (e2e/)', (folder) => {
    const wrongWay = scripts(folder).flatMap((file) =>
      importsInto(file, readFileSync(join(root, file), 'utf8'), 'e2e').map(
        (specifier) => `${file}: ${specifier}`,
      ),
    );
    expect(wrongWay).toEqual([]);
  });
});
