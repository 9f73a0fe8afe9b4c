// Main-thread smoothness of the simulation in Chromium: long tasks while the boxes glide into
// rings and back, a series at n = 10,000 and the Prisoners field changing there and back, and the
// home page clock's tick intervals. Recorded, never asserted.
import type { Browser } from 'playwright-core';

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

/** A whole glide (0.6 s) and its settling. */
const GLIDE_WATCH_MS = 1500;
/** Any arrangement glides the same: a fixed one, for runs that compare. */
const GLIDE_SEED = 1;

const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Long tasks on the simulation's idle grid, then during two glides (into rings and back). */
export async function measureGlides(browser: Browser, origin: string): Promise<GlideReport> {
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
export async function measureClock(browser: Browser, origin: string): Promise<number[]> {
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
