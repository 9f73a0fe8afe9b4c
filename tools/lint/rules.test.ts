// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The rules that fire for `code` placed at `filePath`, as "rule: message" lines. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint loads the parsers and reads the import graph: a hang guard of its own for it.
beforeAll(() => lint('src/config/warm-up.ts', 'export const a = 1;\n'), 120_000);

const use = (specifier: string) => `import x from '${specifier}';\nexport const y = x;\n`;
const PRISONERS = 'src/features/prisoners';

describe('layers in the lint run', () => {
  it.each([
    [
      'src/components/card-grid.tsx',
      '../app/router.tsx',
      'The shared layer does not import the app layer',
    ],
    [
      'src/components/card-grid.tsx',
      '../pages/home-page.tsx',
      'The shared layer does not import the pages layer',
    ],
    [
      'src/content/awards.ts',
      `../features/prisoners/lab.ts`,
      'The shared layer does not import the prisoners entry layer',
    ],
    [
      `${PRISONERS}/lab/summary.tsx`,
      '../../../pages/lab-page.tsx',
      'The lab layer does not import the pages layer',
    ],
    [
      `${PRISONERS}/grid/legend.tsx`,
      '../simulation/game-store.ts',
      'The grid layer does not import the simulation layer',
    ],
    [
      `${PRISONERS}/runtime/pool.ts`,
      '../gpu/gpu-run.ts',
      'The runtime layer does not import the gpu layer',
    ],
    [
      'src/pages/about-page.tsx',
      '../../tools/browsers/chromium.ts',
      'The pages layer does not import the tools layer',
    ],
    [
      'src/app/router-extra.tsx',
      '../../e2e/support/browser.ts',
      'The app layer does not import the e2e layer',
    ],
    [
      'src/pages/about-page.tsx',
      '../testing/render-at.tsx',
      'The pages layer does not import the testing layer',
    ],
    [
      `${PRISONERS}/runtime/extra.worker.ts`,
      '../../../../tools/build/site-url.ts',
      'The runtime layer does not import the tools layer',
    ],
    [
      'src/pages/about-page.tsx',
      `../features/prisoners/simulation/game-store.ts`,
      'pages reach a feature only through its entry modules',
    ],
    [
      `${PRISONERS}/lab/summary.tsx`,
      '../../segment-playground/segment-playground.tsx',
      'Features do not import each other',
    ],
    [
      'tools/stress/extra.ts',
      '../../e2e/support/browser.ts',
      'The tools layer does not import the e2e layer',
    ],
    [
      'cli/extra.ts',
      '../src/features/prisoners/lab/lab-view.tsx',
      'The cli layer does not import the lab layer',
    ],
  ])('%s may not import %s', async (file, specifier, reason) => {
    const messages = await lint(file, use(specifier));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^portfolio/layers: ${reason}`));
  });

  it.each([
    ['src/pages/about-page.tsx', '../features/prisoners/lab.ts'],
    ['src/pages/about-page.tsx', '../components/site-header.tsx'],
    ['src/components/card-grid.tsx', '../config/routes.ts'],
    ['src/components/card-grid.tsx', '../content/projects.ts'],
    [`${PRISONERS}/lab/summary.tsx`, '../../../config/routes.ts'],
    [`${PRISONERS}/lab/summary.tsx`, '../gpu/gpu-run.ts'],
    [`${PRISONERS}/simulation/summary.tsx`, '../grid/layout.ts'],
    [`${PRISONERS}/engine/sampler.ts`, './rng.ts'],
    ['tools/bench/extra.ts', '../../src/features/prisoners/engine/rng.ts'],
    ['e2e/support/extra.ts', '../../tools/browsers/chromium.ts'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await lint(file, use(specifier))).toEqual([]);
  });

  it('names a worker URL that crosses a layer', async () => {
    const code = "export const w = new Worker(new URL('../lab/x.worker.ts', import.meta.url));\n";
    expect(await lint(`${PRISONERS}/runtime/pool.ts`, code)).toEqual([
      'portfolio/layers: The runtime layer does not import the lab layer (src/features/prisoners/lab/x.worker.ts).',
    ]);
  });

  it.each([
    ['react', 'pure TypeScript'],
    ['three', 'pure TypeScript'],
    ['comlink', 'pure TypeScript'],
  ])('keeps the package %s out of the engine', async (specifier, reason) => {
    const messages = await lint(`${PRISONERS}/engine/sampler.ts`, use(specifier));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^no-restricted-imports: .*${reason}`));
  });

  it('keeps the DOM out of the engine', async () => {
    expect(
      await lint(`${PRISONERS}/engine/sampler.ts`, 'export const w = window.innerWidth;\n'),
    ).toEqual(["no-restricted-globals: Unexpected use of 'window'."]);
  });

  it('lets tests reach the tooling they need', async () => {
    expect(
      await lint(`${PRISONERS}/runtime/pool.test.ts`, use('../../../../cli/node-workers.ts')),
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
    expect(await lint(`${PRISONERS}/grid/grid-scene.test.tsx`, 'export const a = 1;\n')).toEqual(
      [],
    );
  });
});
