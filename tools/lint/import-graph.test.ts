// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  importCycles,
  importedSpecifiers,
  importGraph,
  importPath,
  readSources,
} from './import-graph.js';

describe('importedSpecifiers', () => {
  it('reads static, type-only, re-exported, dynamic and worker imports, and only relative ones', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "const e = await import('./e.ts');",
      "import './f.css';",
      "import React from 'react';",
      "// import { g } from './g.ts';",
      "const w = new Worker(new URL('./h.worker.ts', import.meta.url), { type: 'module' });",
    ].join('\n');
    expect(importedSpecifiers(text)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.css',
      './h.worker.ts',
    ]);
  });
});

describe('importCycles', () => {
  const files = (entries: Record<string, string>) => new Map(Object.entries(entries));

  it('finds a cycle made of type-only imports, and none in a tree', () => {
    const graph = importGraph(
      files({
        'src/a.ts': "import type { B } from './b.ts';",
        'src/b.ts': "import type { C } from './sub/c.ts';",
        'src/sub/c.ts': "import type { A } from '../a.ts';",
        'src/d.ts': "import { a } from './a.ts';\nimport { e } from './e.ts';",
        'src/e.ts': '',
      }),
    );
    expect(graph.get('src/b.ts')).toEqual(['src/sub/c.ts']);
    expect(importCycles(graph)).toEqual([['src/a.ts', 'src/b.ts', 'src/sub/c.ts']]);
  });

  it('finds separate cycles, a self-import, and cycles through dynamic imports and workers', () => {
    const graph = importGraph(
      files({
        'a.ts': "const b = import('./b.ts');",
        'b.ts': "import { a } from './a.ts';",
        'c.ts': "new Worker(new URL('./d.worker.ts', import.meta.url));",
        'd.worker.ts': "import { c } from './c.ts';",
        'e.ts': "import { e } from './e.ts';",
        'f.ts': "import { a } from './a.ts';",
      }),
    );
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.worker.ts'], ['e.ts']]);
  });

  it('ignores imports of files outside the graph', () => {
    const graph = importGraph(files({ 'a.ts': "import { x } from './missing.ts';" }));
    expect(graph.get('a.ts')).toEqual([]);
    expect(importCycles(graph)).toEqual([]);
  });

  it('walks a chain deeper than any call stack', () => {
    const chain: Record<string, string> = {};
    const length = 20_000;
    for (let i = 0; i < length; i++) chain[`m${i}.ts`] = `import './m${(i + 1) % length}.ts';`;
    const cycles = importCycles(importGraph(files(chain)));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(length);
  });
});

describe('importPath', () => {
  it('gives a shortest route inside a cycle', () => {
    const graph = new Map([
      ['a', ['b', 'x']],
      ['b', ['c']],
      ['c', ['a']],
      ['x', ['c']],
    ]);
    expect(importPath(graph, 'b', 'a', new Set(['a', 'b', 'c', 'x']))).toEqual(['b', 'c', 'a']);
    expect(importPath(graph, 'a', 'c', new Set(['a', 'b', 'c']))).toEqual(['a', 'b', 'c']);
  });
});

describe('the project', () => {
  it('has no import cycle, type-only imports included', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const graph = importGraph(readSources(root, ['src', 'cli', 'tools', 'e2e']));
    expect(graph.size).toBeGreaterThan(250);
    expect(importCycles(graph)).toEqual([]);
  });
});
