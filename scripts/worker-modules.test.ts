// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerModules } from './worker-modules.ts';

describe('workerModules', () => {
  it('finds the React modules that the grid render worker runs', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const components = workerModules(root)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => file.slice(root.length));
    expect(components).toEqual([
      'src/prisoners/grid/grid-render-worker-api.tsx',
      'src/prisoners/grid/grid-scene.tsx',
    ]);
  });
});
