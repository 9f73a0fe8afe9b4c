// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { workerModules } from './worker-modules.ts';

/** A project of the given files (path → source) in a folder of its own. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'worker-modules-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const relative = (root: string, files: string[]) =>
  files.map((file) => file.slice(root.length + 1));

describe('workerModules', () => {
  it('follows every relative import from the worker entries to the end, and nothing else', () => {
    const root = project({
      'src/game/game.worker.ts': [
        "import { expose } from 'comlink';",
        "import { play } from '../engine/play.ts';",
        "import type { Api } from '../api.ts';",
        'export {};',
      ].join('\n'),
      'src/render/render.worker.tsx': "const scene = import('../scene.tsx');\nexport { scene };",
      'src/render/notes.md': "import '../never.ts';",
      'src/render/render-worker.ts': "import '../never.ts';",
      'src/engine/play.ts': "import { rng } from './rng.ts';\nimport { play } from './play.ts';",
      'src/engine/rng.ts': "import { play } from './play.ts';\nimport data from './table.json';",
      'src/api.ts': 'export type Api = {};',
      'src/scene.tsx': "import styles from './scene.module.css';\nimport { Box } from './box.tsx';",
      'src/box.tsx': 'export const Box = 1;',
      'src/page.tsx': "import { Box } from './box.tsx';",
      'src/never.ts': '',
    });
    expect(relative(root, workerModules(root))).toEqual([
      'src/api.ts',
      'src/box.tsx',
      'src/engine/play.ts',
      'src/engine/rng.ts',
      'src/game/game.worker.ts',
      'src/render/render.worker.tsx',
      'src/scene.tsx',
    ]);
  });

  it('lists the React modules of this project that run in a worker', () => {
    // Fast refresh is switched off for these (vite.config.ts): each must be a worker module.
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const components = relative(root.replace(/\/$/, ''), workerModules(root)).filter((file) =>
      file.endsWith('.tsx'),
    );
    expect(components).toContain('src/features/prisoners/grid/grid-scene.tsx');
    expect(components.every((file) => file.startsWith('src/features/prisoners/grid/'))).toBe(true);
  });
});
