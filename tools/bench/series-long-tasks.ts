// The simulation page's main thread while Keep playing runs game after game at the slider's top,
// at n = 100, 1000 and 10,000, in Chromium unthrottled and under 4× CPU throttling (Lighthouse's
// phone setting): long tasks, the largest gap between animation frames, and how long a key press waits to be
// answered (Event Timing: from the press to the next frame shown). Recorded, never asserted; with
// an earlier build beside today's, both are measured in turns in one run.
import type { Browser } from 'playwright-core';
import { measureDeals, openBoard, type DealTasks } from './deal-long-tasks.ts';

export const SERIES_SIZES = [100, 1000, 10_000] as const;
/** Lighthouse's CPU slowdown for a phone. */
export const PHONE_THROTTLING = 4;
/** The machine as it is, then as slow as Lighthouse's phone. */
export const SERIES_THROTTLINGS = [1, PHONE_THROTTLING] as const;

export interface SeriesTasks {
  n: number;
  /** The CPU slowdown it ran under (1: none). */
  throttling: number;
  games: number;
  longTasks: number;
  longTaskMs: number;
  longestTaskMs: number;
  maxFrameGapMs: number;
  /** The longest time a key press took to be answered on screen. */
  slowestKeyMs: number;
}

const WATCH = `
  window.__series = { tasks: [], frames: [], keys: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__series.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'keydown') window.__series.keys.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  requestAnimationFrame(function frame(time) {
    window.__series.frames.push(time);
    requestAnimationFrame(frame);
  });
`;

/**
 * Keep playing at `n` for `spanMs` at the slider's top, slowed down `throttling` times, with a key
 * press (Shift, which changes nothing) every second; the page is loaded and set up unthrottled.
 */
export async function measureSeries(
  browser: Browser,
  origin: string,
  n: number,
  spanMs: number,
  throttling: number,
): Promise<SeriesTasks> {
  const page = await openBoard(browser, origin, n, WATCH);
  try {
    await page.getByRole('checkbox', { name: 'Keep playing' }).check();
    const speed = page.getByLabel('Speed');
    await speed.fill(String(await speed.getAttribute('max')));
    await page.waitForTimeout(1000);
    // Found before the throttling starts: the driver's role query runs in the page.
    const startButton = await page
      .getByRole('button', { name: 'Start simulation' })
      .elementHandle();
    if (!startButton) throw new Error('The simulation page has no Start simulation button.');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling });
    const start = await startButton.evaluate((button) => {
      const watched = (window as unknown as { __series: Record<string, unknown[]> }).__series;
      for (const list of Object.values(watched)) list.length = 0;
      (button as HTMLButtonElement).click();
      return performance.now();
    });
    for (let waited = 0; waited < spanMs; waited += 1000) {
      await page.waitForTimeout(1000);
      await page.keyboard.press('Shift');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const seen = await page.evaluate((since) => {
      const { tasks, frames, keys } = (
        window as unknown as {
          __series: { tasks: [number, number][]; frames: number[]; keys: number[] };
        }
      ).__series;
      const shown = frames.filter((time) => time >= since);
      let gap = 0;
      for (let i = 1; i < shown.length; i++) gap = Math.max(gap, shown[i]! - shown[i - 1]!);
      const durations = tasks.filter(([at]) => at >= since).map(([, duration]) => duration);
      const games = document
        .querySelector('[aria-label="Tally"] dd')
        ?.textContent?.replace(/[^0-9]/g, '');
      return {
        games: Number(games ?? 0),
        longTasks: durations.length,
        longTaskMs: durations.reduce((sum, duration) => sum + duration, 0),
        longestTaskMs: Math.max(0, ...durations),
        maxFrameGapMs: gap,
        slowestKeyMs: Math.max(0, ...keys),
      };
    }, start);
    return { n, throttling, ...seen };
  } finally {
    await page.close();
  }
}

/** One line of the report. */
export function seriesLine(label: string, row: SeriesTasks, spanMs: number): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return (
    `  ${label.padEnd(8)} ${row.throttling}× n = ${String(row.n).padEnd(6)} ${String(row.games).padStart(3)} games, ` +
    `${String(row.longTasks).padStart(3)} long tasks in ${spanMs / 1000} s (${ms(row.longTaskMs)} in all, ` +
    `longest ${ms(row.longestTaskMs)}), largest frame gap ${ms(row.maxFrameGapMs)}, ` +
    `slowest key press ${row.slowestKeyMs ? ms(row.slowestKeyMs) : 'under 16 ms'}`
  );
}

/** A build to measure: its name in the report and its folder. */
export interface SeriesBuild {
  label: string;
  dist: string;
}

/** The size at which a new deal is measured on its own (deal-long-tasks.ts). */
export const DEAL_SIZE = 10_000;

export interface SeriesReport {
  series: { label: string; row: SeriesTasks }[];
  deals: { label: string; throttling: number; row: DealTasks }[];
}

/**
 * Every slowdown and size on every build, then new deals at DEAL_SIZE at every slowdown, the
 * builds taking turns at each (so that a change of load falls on both alike); the rows in that
 * order.
 */
export async function measureSeriesRows(
  builds: readonly SeriesBuild[],
  spanMs: number,
): Promise<SeriesReport> {
  const { launchChromium } = await import('../browsers/chromium.ts');
  const { startPreview } = await import('../serve/preview-server.ts');
  const servers = await Promise.all(builds.map((build) => startPreview(build.dist)));
  const browser = await launchChromium();
  try {
    const report: SeriesReport = { series: [], deals: [] };
    for (const throttling of SERIES_THROTTLINGS) {
      for (const n of SERIES_SIZES) {
        for (const [i, build] of builds.entries()) {
          report.series.push({
            label: build.label,
            row: await measureSeries(browser, servers[i]!.origin, n, spanMs, throttling),
          });
        }
      }
    }
    for (const throttling of SERIES_THROTTLINGS) {
      for (const [i, build] of builds.entries()) {
        report.deals.push({
          label: build.label,
          throttling,
          row: await measureDeals(browser, servers[i]!.origin, DEAL_SIZE, throttling),
        });
      }
    }
    return report;
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }
}
