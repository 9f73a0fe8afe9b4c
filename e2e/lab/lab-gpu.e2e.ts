import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../tools/serve/static-server.ts';
import type { Page } from 'playwright-core';
import { streamSums } from '../../src/testing/stream-sums.ts';
import {
  axeViolations,
  baseUrl,
  sharedBrowser,
  waitForApp,
  WITH_WEBGPU,
  withPage,
} from '../support/browser.ts';
import type { HarnessCase } from '../support/gpu-harness/harness.ts';

const browser = sharedBrowser(WITH_WEBGPU);

describe("Chromium's WebGPU", () => {
  let folder: string;
  let server: StaticServer;

  beforeAll(async () => {
    // The site's GPU worker and a page that drives it, bundled as the site bundles its workers.
    folder = await mkdtemp(join(tmpdir(), 'gpu-harness-'));
    await build({
      entryPoints: {
        harness: 'e2e/support/gpu-harness/harness.ts',
        'gpu-worker': 'src/features/prisoners/gpu/gpu.worker.ts',
      },
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

/** The lab on the site's own build, at http://localhost (WebGPU's secure context). */
async function openLab(page: Page, query: string): Promise<void> {
  const origin = baseUrl().replace('127.0.0.1', 'localhost');
  await page.goto(`${origin}/projects/prisoner/lab/?${query}`);
  await waitForApp(page);
}

async function runToEnd(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run' }).click();
  await page.waitForFunction(() => document.querySelector('progress')?.value === 100, null, {
    timeout: 120_000,
  });
}

const ranOn = async (page: Page) => (await page.getByText(/^Ran on: /).textContent()) ?? '';
const trialCount = async (page: Page) =>
  Number(await page.locator('#lab-trials').getAttribute('data-value'));

describe('the lab page with WebGPU', () => {
  // Fast trials of the cycle strategy: stream 0 starts literally, to find a trial to watch.
  const run = { n: 100, k: 50, trials: 20_000, strategy: 'cycle', method: 'fast' } as const;
  const query = 'n=100&k=50&trials=20000&strategy=cycle&method=fast&seed=7';
  const expected = streamSums({ ...run, runSeed: 7 });
  const successes = `Successes ${expected.successes.toLocaleString('en-US')} of 20,000`;
  const watchHref = `/projects/prisoner/?seed=${expected.watch!.state}&lab-seed=7&lab-trials=20000&lab-k=50&lab-method=fast&lab-trial=${expected.watch!.trial}`;

  it(
    'runs on the GPU worker, counts what the CPU workers count, cancels, and watches a failing trial',
    () =>
      withPage(browser, {}, async ({ page, problems }) => {
        await openLab(page, `${query}&device=gpu`);
        const gpu = page.getByRole('radio', { name: 'GPU (WebGPU)' });
        const cpu = page.getByRole('radio', { name: 'CPU workers' });
        await expect.poll(() => gpu.isEnabled()).toBe(true);
        expect([await gpu.isChecked(), await cpu.isChecked()]).toEqual([true, false]);

        await runToEnd(page);
        expect(await ranOn(page)).toMatch(/^Ran on: GPU \(WebGPU\): .*swiftshader/i);
        expect(await page.getByText(successes).count()).toBe(1);
        // The kernel kept the first failing trial of stream 0; the link replays it.
        const watch = page.getByRole('link', { name: 'Watch a failing trial' });
        expect(await watch.getAttribute('href')).toBe(watchHref);
        expect(await axeViolations(page)).toEqual([]);

        // The other device, chosen with its radio button: the address says so, same counts.
        await cpu.check();
        await page.waitForURL((url) => url.searchParams.get('device') === 'cpu');
        await runToEnd(page);
        expect(await ranOn(page)).toMatch(/^Ran on: CPU workers \(\d+\)$/);
        expect(await page.getByText(successes).count()).toBe(1);
        expect(await watch.getAttribute('href')).toBe(watchHref);

        // A long run on the GPU stops at Cancel and counts nothing more.
        await gpu.check();
        await page.getByRole('textbox', { name: 'Trials' }).fill('1e9');
        // Every count the page shows, and the trials it shows under way, as they change.
        await page.evaluate(() => {
          const seen: number[][] = [];
          (window as unknown as { seenCounts: number[][] }).seenCounts = seen;
          const read = () => {
            const output = document.querySelector('#lab-trials');
            const note = output?.nextElementSibling?.textContent ?? '';
            const underWay = / · ([\d,]+) more under way$/.exec(note)?.[1] ?? '0';
            seen.push([
              Number(output?.getAttribute('data-value')),
              Number(underWay.replace(/,/g, '')),
            ]);
          };
          new MutationObserver(read).observe(document.querySelector('main')!, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
        });
        await page.getByRole('button', { name: 'Run' }).click();
        // A wave under way, shown apart from the count (a whole wave takes seconds here).
        await page.waitForFunction(
          () =>
            (window as unknown as { seenCounts: number[][] }).seenCounts.some(
              ([, underWay]) => underWay! > 0,
            ),
          null,
          { timeout: 60_000 },
        );
        expect(await page.getByText(/^Running on: GPU \(WebGPU\)/).count()).toBe(1);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByText(/ · cancelled after \d+\.\d\d s$/).waitFor();
        const counted = await trialCount(page);
        // The count never went back: not at Cancel, which drops the wave under way, nor before.
        const seen = await page.evaluate(
          () => (window as unknown as { seenCounts: number[][] }).seenCounts,
        );
        // The run starts from 0 (what was shown before is the earlier run's count); from there on
        // the count only grows.
        const shown = seen.map(([count]) => count!);
        const counts = shown.slice(Math.max(0, shown.indexOf(0)));
        counts.forEach((count, i) => expect(count).toBeGreaterThanOrEqual(counts[i - 1] ?? 0));
        expect(counts.at(-1)).toBe(counted);
        expect(await page.getByText(/more under way$/).count()).toBe(0);
        await page.waitForTimeout(400);
        expect(await trialCount(page)).toBe(counted);
        expect(await page.getByRole('button', { name: 'Run' }).isEnabled()).toBe(true);
        expect(problems).toEqual([]);
      }),
    300_000,
  );

  it(
    'measures both devices on the first run left to it, says so, and uses the faster',
    () =>
      withPage(browser, { width: 375, height: 800 }, async ({ page, problems }) => {
        await openLab(page, query);
        // No device in the address: the faster of the two is checked, until measured.
        const radios = page.getByRole('radio');
        await expect
          .poll(() =>
            radios.evaluateAll((all) =>
              all.map((r) => [r.parentElement!.textContent, (r as HTMLInputElement).checked]),
            ),
          )
          .toEqual([
            ['Faster of the two', true],
            ['GPU (WebGPU)', false],
            ['CPU workers', false],
          ]);
        await runToEnd(page);
        const rate = '[\\d.]+ (?:k |M |G )?trials/s';
        const note = await page
          .getByRole('status')
          .filter({ hasText: 'Measured on the first run' })
          .textContent();
        const match = new RegExp(
          `^Measured on the first run: GPU: ${rate}, CPU: ${rate}; runs use (the GPU|the CPU workers), the faster here\\.$`,
        ).exec(note ?? '');
        expect(match, note ?? '').not.toBeNull();
        expect(await ranOn(page)).toMatch(
          match![1] === 'the GPU' ? /^Ran on: GPU \(WebGPU\)/ : /^Ran on: CPU workers/,
        );
        // The group, still on the faster of the two, now names it.
        await page
          .getByText(`Runs on ${match![1]}, measured faster here on the first run`)
          .waitFor();
        expect(await page.getByText(successes).count()).toBe(1);
        expect(problems).toEqual([]);
      }),
    300_000,
  );
});
