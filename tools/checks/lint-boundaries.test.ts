// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The rules that fire for `code` placed at `filePath`, as "rule: message" lines. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const use = (specifier: string) => `import x from '${specifier}';\nexport const y = x;\n`;

describe('module boundaries', () => {
  it.each([
    ['src/components/card-grid.tsx', '../app/router.tsx', 'app shell'],
    ['src/components/card-grid.tsx', '../pages/home-page.tsx', 'app shell'],
    ['src/components/card-grid.tsx', '../features/prisoners/simulation/game-store.ts', 'app shell'],
    ['src/content/awards.ts', '../app/layout.tsx', 'app shell'],
    ['src/config/links.ts', '../features/prisoners/lab/lab-view.tsx', 'app shell'],
    [
      'src/features/prisoners/lab/summary.tsx',
      '../../pages/lab-page.tsx',
      'Pages compose features',
    ],
    ['src/features/prisoners/grid/legend.tsx', '../../app/layout.tsx', 'Pages compose features'],
    ['src/pages/about-page.tsx', '../../tools/browsers/chromium.ts', 'build scripts'],
    ['src/app/router-extra.tsx', '../../e2e/browser.ts', 'build scripts'],
    ['src/pages/about-page.tsx', '../testing/render-at.tsx', 'build scripts'],
    [
      'src/features/prisoners/runtime/extra.worker.ts',
      '../../../../tools/build/site-url.ts',
      'build scripts',
    ],
    ['src/features/prisoners/engine/sampler.ts', 'react', 'pure TypeScript'],
    ['src/features/prisoners/engine/sampler.ts', 'three', 'pure TypeScript'],
    ['src/features/prisoners/engine/sampler.ts', 'comlink', 'pure TypeScript'],
    ['src/features/prisoners/engine/sampler.ts', '../store.ts', 'pure TypeScript'],
    ['src/features/prisoners/engine/sampler.ts', '../../content/projects.ts', 'pure TypeScript'],
  ])('%s may not import %s', async (file, specifier, reason) => {
    const messages = await lint(file, use(specifier));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^no-restricted-imports: .*${reason}`));
  });

  it.each([
    ['src/pages/about-page.tsx', '../features/prisoners/simulation/game-store.ts'],
    ['src/pages/about-page.tsx', '../components/site-header.tsx'],
    ['src/components/card-grid.tsx', '../config/routes.ts'],
    ['src/components/card-grid.tsx', '../content/projects.ts'],
    ['src/features/prisoners/lab/summary.tsx', '../../config/routes.ts'],
    ['src/features/prisoners/engine/sampler.ts', './rng.ts'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await lint(file, use(specifier))).toEqual([]);
  });

  it('keeps the DOM out of the engine', async () => {
    expect(
      await lint(
        'src/features/prisoners/engine/sampler.ts',
        'export const w = window.innerWidth;\n',
      ),
    ).toEqual(["no-restricted-globals: Unexpected use of 'window'."]);
  });

  it('lets tests reach the tooling they need', async () => {
    expect(
      await lint('src/features/prisoners/lab/pool.test.ts', use('../../../../cli/node-workers.ts')),
    ).toEqual([]);
  });
});

describe('file names', () => {
  it.each(['src/components/ProjectCard.tsx', 'src/pages/home_page.tsx', 'tools/checkBuild.ts'])(
    'rejects %s',
    async (file) => {
      const name = file.split('/').pop();
      expect(await lint(file, 'export const a = 1;\n')).toEqual([
        `portfolio/filename-case: File name "${name}" is not kebab-case.`,
      ]);
    },
  );

  it('accepts kebab-case names with any extensions', async () => {
    expect(
      await lint('src/features/prisoners/grid/grid-scene.test.tsx', 'export const a = 1;\n'),
    ).toEqual([]);
  });
});
