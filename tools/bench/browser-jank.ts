// Main-thread smoothness in Chromium: long tasks, frame gaps and cancel latency during a lab run,
// long tasks while the simulation's boxes glide into rings and back, the clock's tick intervals.
// Recorded, never asserted: the browser tests check only what holds at any machine speed.
import type { Browser } from 'playwright-core';
import { buildSite } from '../build/build.ts';
import { launchChromium } from '../browsers/chromium.ts';
import { startPreview } from '../serve/preview-server.ts';

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
  /** Where the run ran, as the results say it: "CPU workers (1)", "GPU (WebGPU): …". */
  ranOn: string;
}

export interface GlideReport {
  /** Long tasks (start in ms after the first click + duration) of the idle grid, same span. */
  idle: string;
  /** Long tasks from each click to the end of its glide (the click re-renders the twin). */
  glides: string;
}

/** The simulation at 10,000 boxes: a series at top speed, and changing n there and back. */
export interface SizesReport {
  /** Keep playing at n = 10,000, top speed, for SERIES_MS. */
  seriesGames: number;
  seriesLongTasks: string;
  seriesMaxFrameGapMs: number;
  /** The page's JS heap in use at the end of the series (MB). */
  seriesHeapMb: number;
  /** Long tasks while the Prisoners field goes from 100 to 10,000 and back. */
  resizeLongTasks: string;
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
/** A whole glide (0.6 s) and its settling. */
const GLIDE_WATCH_MS = 1500;
/** Any arrangement glides the same: a fixed one, for runs that compare. */
const GLIDE_SEED = 1;

/** Flags that give Chromium WebGPU, on SwiftShader where the machine has no GPU. */
const WITH_WEBGPU = [
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-webgpu-adapter=swiftshader',
];

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

const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Long tasks on the simulation's idle grid, then during two glides (into rings and back). */
async function measureGlides(browser: Browser, origin: string): Promise<GlideReport> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.addInitScript(LONG_TASKS);
    await page.goto(`${origin}/projects/prisoner/?seed=${GLIDE_SEED}`);
    await page.locator('[data-drawn-in] canvas').waitFor();
    await page.getByLabel('Speed').fill('1000');
    await page.waitForTimeout(1000);
    const take = (since: number) =>
      page.evaluate(
        (since) =>
          (window as unknown as { __longTasks: [number, number][] }).__longTasks
            .splice(0)
            .map(([start, duration]) => `${Math.round(start - since)}+${Math.round(duration)}`)
            .join(' '),
        since,
      );
    await take(0);
    const idleStart = await page.evaluate(() => performance.now());
    await page.waitForTimeout(2 * GLIDE_WATCH_MS);
    const idle = await take(idleStart);
    const toggle = page.getByRole('button', { name: 'Arrange in rings' });
    const start = await page.evaluate(() => performance.now());
    for (let glide = 0; glide < 2; glide++) {
      await toggle.click();
      await page.waitForTimeout(GLIDE_WATCH_MS);
    }
    return { idle, glides: await take(start) };
  } finally {
    await page.close();
  }
}

const SERIES_MS = 20_000;

/**
 * The simulation at n = 10,000: Keep playing at the slider's top for SERIES_MS (long tasks, the
 * largest gap between animation frames, the JS heap at the end), then the Prisoners field from
 * 100 to 10,000 and back (long tasks from the first change to 3 s after the second).
 */
export async function measureSizes(browser: Browser, origin: string): Promise<SizesReport> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.addInitScript(`${LONG_TASKS}
      window.__frames = [];
      requestAnimationFrame(function frame(time) {
        window.__frames.push(time);
        requestAnimationFrame(frame);
      });`);
    await page.goto(`${origin}/projects/prisoner/?n=10000&seed=${GLIDE_SEED}`);
    await page.locator('[data-drawn-in] canvas').waitFor();
    await page.getByRole('checkbox', { name: 'Keep playing' }).check();
    const speed = page.getByLabel('Speed');
    await speed.fill(String(await speed.getAttribute('max')));
    await page.waitForTimeout(1000);
    const take = (since: number) =>
      page.evaluate((since) => {
        const w = window as unknown as { __longTasks: [number, number][]; __frames: number[] };
        const frames = w.__frames.splice(0).filter((time) => time >= since);
        let gap = 0;
        for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i]! - frames[i - 1]!);
        const tasks = w.__longTasks
          .splice(0)
          .filter(([start]) => start >= since)
          .map(([start, duration]) => `${Math.round(start - since)}+${Math.round(duration)}`)
          .join(' ');
        return { tasks, gap };
      }, since);
    const start = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Start simulation' }).click();
    await page.waitForTimeout(SERIES_MS);
    const seriesGames = Number(
      (
        await page
          .getByRole('region', { name: 'Tally' })
          .getByText('Games', { exact: true })
          .locator('+ dd')
          .innerText()
      ).replace(/,/g, ''),
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
    const series = await take(start);
    await page.getByRole('button', { name: 'Pause' }).click();

    await page.goto(`${origin}/projects/prisoner/?seed=${GLIDE_SEED}`);
    await page.locator('[data-drawn-in] canvas').waitFor();
    await page.waitForTimeout(1500);
    const field = page.getByRole('textbox', { name: 'Prisoners' });
    const resizeStart = await page.evaluate(() => performance.now());
    await take(resizeStart);
    await field.fill('10000');
    await field.press('Enter');
    await page.getByText('0 of 10000').waitFor();
    await page.waitForTimeout(3000);
    await field.fill('100');
    await field.press('Enter');
    await page.getByText('0 of 100', { exact: true }).waitFor();
    await page.waitForTimeout(3000);
    const resize = await take(resizeStart);
    return {
      seriesGames,
      seriesLongTasks: series.tasks,
      seriesMaxFrameGapMs: series.gap,
      seriesHeapMb: heap / 2 ** 20,
      resizeLongTasks: resize.tasks,
    };
  } finally {
    await page.close();
  }
}

/** The intervals between the home page clock's next four changes. */
async function measureClock(browser: Browser, origin: string): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${origin}/`);
    await page.getByRole('article', { name: 'Segment Display' }).scrollIntoViewIfNeeded();
    const clock = page.locator('[role="img"][data-clock]').first();
    await clock.waitFor();
    return await clock.evaluate(
      (element) =>
        new Promise<number[]>((resolve) => {
          const times: number[] = [];
          new MutationObserver((_, observer) => {
            times.push(performance.now());
            if (times.length === 5) {
              observer.disconnect();
              resolve(times.slice(1).map((time, i) => Math.round(time - times[i]!)));
            }
          }).observe(element, { attributes: true, attributeFilter: ['data-shown'] });
        }),
    );
  } finally {
    await page.close();
  }
}

/** Watches the main thread during a fast lab run on `device`. */
async function measureBrowserJank(
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
          if (document.body.textContent.includes('cancelled after')) resolve(performance.now() - started);
          else requestAnimationFrame(check);
        };
        cancel.click();
        check();
      })
    `)) as number;
  await page.close();
  return { trials, ...result, cancelMs, ranOn };
}
