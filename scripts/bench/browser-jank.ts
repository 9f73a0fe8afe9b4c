// Main-thread smoothness during a lab run in Chromium: long tasks, frame gaps, cancel latency.
import { buildSite } from '../build.ts';
import { launchChromium } from '../chromium.ts';
import { startPreview } from '../preview-server.ts';

export interface JankReport {
  trials: number;
  runMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** Start (ms after Run) + duration of every long task. */
  longTaskTimes: string;
  frames: number;
  maxFrameGapMs: number;
  cancelMs: number;
  workers: number;
}

const OUT_DIR = '/tmp/dist-bench';

/** Builds the site into OUT_DIR, serves it, and watches the main thread during a fast run. */
export async function measureBrowserJank(trials: number): Promise<JankReport> {
  await buildSite(OUT_DIR);
  const server = await startPreview(OUT_DIR);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Plain script text: the page must not depend on helpers of the TypeScript loader.
    await page.addInitScript(`
      const record = { longTasks: [], taskStarts: [], frames: [] };
      window.__jank = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.longTasks.push(entry.duration), record.taskStarts.push(entry.startTime);
      }).observe({ type: 'longtask', buffered: true });
      requestAnimationFrame(function frame(time) {
        record.frames.push(time);
        requestAnimationFrame(frame);
      });
    `);
    const base = `${server.origin}/projects/prisoner/lab/`;
    await page.goto(`${base}?n=100&k=50&trials=${trials}&strategy=cycle&method=fast&seed=1`);
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(500);
    const startMark = await page.evaluate(() => {
      const record = (
        window as unknown as {
          __jank: { longTasks: number[]; taskStarts: number[]; frames: number[] };
        }
      ).__jank;
      record.longTasks.length = 0;
      record.taskStarts.length = 0;
      record.frames.length = 0;
      return performance.now();
    });
    await page.getByRole('button', { name: 'Run' }).click();
    await page.waitForFunction(() => document.querySelector('progress')?.value === 100, null, {
      timeout: 300_000,
      polling: 250,
    });
    const result = await page.evaluate((start) => {
      const record = (
        window as unknown as {
          __jank: { longTasks: number[]; taskStarts: number[]; frames: number[] };
        }
      ).__jank;
      const frames = record.frames;
      let maxGap = 0;
      for (let i = 1; i < frames.length; i++)
        maxGap = Math.max(maxGap, frames[i]! - frames[i - 1]!);
      return {
        runMs: performance.now() - start,
        longTasks: record.longTasks.filter((d) => d > 50).length,
        longTaskTimes: record.longTasks
          .map((d, i) => `${Math.round(record.taskStarts[i]! - start)}+${Math.round(d)}`)
          .join(' '),
        longestTaskMs: Math.max(0, ...record.longTasks),
        frames: frames.length,
        maxFrameGapMs: maxGap,
      };
    }, startMark);
    const workersText =
      (await page
        .getByText(/\d+ workers?$/)
        .first()
        .textContent()) ?? '';
    const workers = Number(/(\d+) workers?$/.exec(workersText)?.[1] ?? 0);

    // Cancel latency: from the click to the page showing the run as cancelled.
    await page.getByRole('button', { name: 'Run' }).click();
    await page.waitForFunction(
      () => Number(document.querySelector('#lab-trials')?.getAttribute('data-value')) > 0,
    );
    await page.waitForTimeout(300);
    const cancelMs = (await page.evaluate(`
      new Promise((resolve) => {
        const cancel = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
        const started = performance.now();
        const check = () => {
          if (document.body.textContent.includes('cancelled in')) resolve(performance.now() - started);
          else requestAnimationFrame(check);
        };
        cancel.click();
        check();
      })
    `)) as number;
    return { trials, ...result, cancelMs, workers };
  } finally {
    await browser.close();
    await server.close();
  }
}
