// Main-thread smoothness in Chromium: long tasks, frame gaps and cancel latency during a lab run
// on the CPU workers and on the GPU, and the simulation's (simulation-smoothness.ts). Recorded,
// never asserted: the browser tests check only what holds at any machine speed.
import type { Browser } from 'playwright-core';
import { buildSite } from '../build/build.ts';
import { launchChromium, WITH_WEBGPU } from '../browsers/chromium.ts';
import { startPreview } from '../serve/preview-server.ts';
import {
  measureClock,
  measureGlides,
  measureSizes,
  type GlideReport,
  type SizesReport,
} from './simulation-smoothness.ts';

export interface JankReport {
  trials: number;
  runMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** Start (ms after Run) + duration of every long task. */
  longTaskTimes: string;
  frames: number;
  maxFrameGapMs: number;
  /** Null when the run finished before Cancel was pressed. */
  cancelMs: number | null;
  /** Where the run ran, as the results say it: "CPU workers (1)", "GPU (WebGPU): …". */
  ranOn: string;
}

export interface BrowserReport {
  jank: JankReport;
  /** The same watch during a run on the GPU worker (WebGPU on SwiftShader where no GPU is). */
  gpuJank: JankReport;
  glides: GlideReport;
  sizes: SizesReport;
  /** Milliseconds between the home page clock's changes. */
  clockIntervals: number[];
}

const OUT_DIR = '/tmp/dist-bench';
/**
 * Builds the site into OUT_DIR, serves it, and takes every browser measurement on it; the GPU
 * run's `gpuTrials` in a browser with WebGPU, on http://localhost (WebGPU's secure context).
 */
export async function measureBrowser(trials: number, gpuTrials: number): Promise<BrowserReport> {
  await buildSite(OUT_DIR);
  const server = await startPreview(OUT_DIR);
  const browser = await launchChromium();
  try {
    const jank = await measureBrowserJank(browser, server.origin, trials, 'cpu');
    const glides = await measureGlides(browser, server.origin);
    const sizes = await measureSizes(browser, server.origin);
    const clockIntervals = await measureClock(browser, server.origin);
    const gpuBrowser = await launchChromium(WITH_WEBGPU);
    try {
      const localhost = server.origin.replace('127.0.0.1', 'localhost');
      const gpuJank = await measureBrowserJank(gpuBrowser, localhost, gpuTrials, 'gpu');
      return { jank, gpuJank, glides, sizes, clockIntervals };
    } finally {
      await gpuBrowser.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Watches the main thread during a fast lab run on `device`. */
export async function measureBrowserJank(
  browser: Browser,
  origin: string,
  trials: number,
  device: 'cpu' | 'gpu',
): Promise<JankReport> {
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
  const base = `${origin}/projects/prisoner/lab/`;
  await page.goto(
    `${base}?n=100&k=50&trials=${trials}&strategy=cycle&method=fast&seed=1&device=${device}`,
  );
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
    for (let i = 1; i < frames.length; i++) maxGap = Math.max(maxGap, frames[i]! - frames[i - 1]!);
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
  const ranOn = ((await page.getByText(/^Ran on: /).textContent()) ?? '').replace('Ran on: ', '');

  // Cancel latency: from the click to the page showing the run as cancelled. A run that ends
  // before the click (a fast GPU finishes a million trials in a fraction of a second) is never
  // cancelled: null, rather than waiting for a word that never comes.
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
          if (document.body.textContent.includes('cancelled after')) resolve(performance.now() - started);
          else if (/ · finished in /.test(document.body.textContent)) resolve(null);
          else requestAnimationFrame(check);
        };
        cancel.click();
        check();
      })
    `)) as number | null;
  await page.close();
  return { trials, ...result, cancelMs, ranOn };
}
