import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../scripts/static-server.ts';
import { sharedBrowser, WITH_WEBGPU, withPage } from './browser.ts';
import type { HarnessCase } from './gpu-harness/harness.ts';

const browser = sharedBrowser(WITH_WEBGPU);

describe("Chromium's WebGPU", () => {
  let folder: string;
  let server: StaticServer;

  beforeAll(async () => {
    // The site's GPU worker and a page that drives it, bundled as the site bundles its workers.
    folder = await mkdtemp(join(tmpdir(), 'gpu-harness-'));
    await build({
      entryPoints: { harness: 'e2e/gpu-harness/harness.ts', 'gpu-worker': 'workers/gpu-worker.ts' },
      bundle: true,
      format: 'esm',
      outdir: folder,
      logLevel: 'error',
    });
    await writeFile(
      join(folder, 'index.html'),
      '<!doctype html><title>GPU identity</title><link rel="icon" href="data:,"><script type="module" src="/harness.js"></script>',
    );
    server = await startStaticServer(folder);
  });

  afterAll(async () => {
    await server?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it(
    'counts in a GPU worker exactly what the CPU counts, for every strategy and method',
    () =>
      withPage(browser, {}, async ({ page, problems }) => {
        // WebGPU needs a secure context: http://localhost is one.
        await page.goto(server.url.replace('127.0.0.1', 'localhost'));
        await page.waitForFunction(() => 'runGpuIdentity' in window);
        const { adapter, cases } = await page.evaluate(() =>
          (
            window as unknown as {
              runGpuIdentity: () => Promise<{ adapter: string; cases: HarnessCase[] }>;
            }
          ).runGpuIdentity(),
        );
        expect(adapter).toMatch(/SwiftShader/i);
        expect(cases).toHaveLength(24);
        for (const { label, gpu, cpu } of cases) {
          expect(gpu, label).toEqual(cpu);
        }
        expect(cases.some(({ cpu }) => cpu.watchStates.some((state) => state !== null))).toBe(true);
        expect(problems).toEqual([]);
      }),
    300_000,
  );
});
