// A new deal on a large board: the simulation is started, and after 2 s of play Reset deals the
// next arrangement while a key is pressed. Reported per deal: the main thread's long tasks from the
// click on, and how long the key press took to be answered (Event Timing). Recorded, never
// asserted; the page is loaded unthrottled, and each deal is made under the slowdown given.
import type { Browser, Page } from 'playwright-core';
import {
  PRIMARY_ACTION_ID,
  SECOND_ACTION_ID,
} from '../../src/features/prisoners/simulation/focus-targets.ts';

export interface DealTasks {
  /** Per deal, the durations of its long tasks (ms). */
  longTasks: number[][];
  /** The slowest key press answered during a deal (ms, 0 when every one was under 16 ms). */
  slowestKeyMs: number;
}

const DEALS = 5;
const PLAY_MS = 2000;
const WATCH_MS = 3000;

const WATCH = `
  window.__deals = { tasks: [], keys: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__deals.tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'keydown') window.__deals.keys.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

type Watched = { __deals: { tasks: number[]; keys: number[] } };

/**
 * The simulation with `n` boxes (seed 1) in a new page at 1280 × 900, once its board is drawn;
 * `watch` runs before the page's own scripts.
 */
export async function openBoard(
  browser: Browser,
  origin: string,
  n: number,
  watch: string,
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(watch);
  await page.goto(`${origin}/projects/prisoner/?n=${n}&seed=1`);
  await page.locator('[data-drawn-in] canvas').waitFor();
  return page;
}

/** DEALS new deals at `n`, each after 2 s of play, slowed down `throttling` times. */
export async function measureDeals(
  browser: Browser,
  origin: string,
  n: number,
  throttling: number,
): Promise<DealTasks> {
  const page = await openBoard(browser, origin, n, WATCH);
  try {
    await page.waitForTimeout(3000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling });
    const longTasks: number[][] = [];
    let slowestKeyMs = 0;
    for (let deal = 0; deal < DEALS; deal++) {
      await page.locator(`#${PRIMARY_ACTION_ID}`).click();
      await page.waitForTimeout(PLAY_MS);
      await page.evaluate(() => {
        const watched = (window as unknown as Watched).__deals;
        watched.tasks.length = 0;
        watched.keys.length = 0;
      });
      // Clicked from the page: the driver's own checks before a click take main-thread time too.
      await page.evaluate((id) => document.getElementById(id)?.click(), SECOND_ACTION_ID);
      await page.keyboard.press('Shift');
      await page.waitForTimeout(WATCH_MS);
      const { tasks, keys } = await page.evaluate(() => (window as unknown as Watched).__deals);
      longTasks.push(tasks.map(Math.round));
      slowestKeyMs = Math.max(slowestKeyMs, ...keys.map(Math.round));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { longTasks, slowestKeyMs };
  } finally {
    await page.close();
  }
}

/** One line of the report. */
export function dealsLine(label: string, n: number, throttling: number, row: DealTasks): string {
  const tasks = row.longTasks.map((deal) => (deal.length ? deal.join('+') : 'none')).join(', ');
  return (
    `  ${label.padEnd(8)} ${throttling}× n = ${String(n).padEnd(6)} ${DEALS} deals, long tasks ` +
    `(ms) per deal: ${tasks}; slowest key press ` +
    `${row.slowestKeyMs ? `${row.slowestKeyMs} ms` : 'under 16 ms'}`
  );
}
