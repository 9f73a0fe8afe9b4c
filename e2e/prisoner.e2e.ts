import { dieOnSignal, injectIntoWorker, loseContextOnSignal, signalWorkers } from './faults.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, openPage, visit } from './browser.ts';
import { BOX_COUNT, GUESS_LIMIT } from '../src/prisoners/engine/constants.ts';
import { firstFailingPrisoner, strategyPath } from '../src/prisoners/engine/game.ts';
import { cycleLengths, randomArrangement } from '../src/prisoners/engine/permutation.ts';
import { createRng } from '../src/prisoners/engine/rng.ts';

/** The arrangements a seed produces: the first, then every reshuffle. */
function arrangements(seed: number, count: number): Int32Array[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => randomArrangement(BOX_COUNT, rng));
}

/** The first seed from `from` whose first arrangement passes `test`. */
function findSeed(from: number, test: (slips: Int32Array) => boolean): number {
  for (let seed = from; ; seed++) {
    if (test(arrangements(seed, 1)[0] as Int32Array)) return seed;
  }
}

const failsAt = (slips: Int32Array) => firstFailingPrisoner(cycleLengths(slips));
const FAILING_SEED = findSeed(100, (slips) => failsAt(slips) >= 3);
const WINNING_SEED = findSeed(100, (slips) => failsAt(slips) === -1);
// Prisoner 1 succeeds with the strategy in this arrangement.
const FIRST_WINS_SEED = findSeed(500, (slips) => (cycleLengths(slips)[0] as number) <= 12);

const boxButton = (page: Page, box: number) =>
  page.locator(`[role="group"][aria-label="Boxes"] button`).nth(box);

async function boxNames(page: Page): Promise<string[]> {
  return page
    .locator('[role="group"][aria-label="Boxes"] button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
}

/** Reads every slip from the accessible names while Show cycles is on. */
async function learnSlips(page: Page): Promise<number[]> {
  const toggle = page.getByRole('button', { name: 'Show cycles' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  const names = await boxNames(page);
  await toggle.click();
  return names.map((name) => {
    const match = /^Box (\d+), slip (\d+), cycle of length (\d+)$/.exec(name);
    if (!match) throw new Error(`unexpected name ${name}`);
    return Number(match[2]) - 1;
  });
}

/** Starts collecting main-thread long tasks (over 50 ms) in `window.longTasks`. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const durations: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: false });
  });
}

const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));

const readout = async (page: Page, label: string) =>
  (await page.getByLabel(label, { exact: true }).textContent())?.trim();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Makes the page look like a browser that cannot hand a canvas to a worker. */
async function withoutOffscreenCanvas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });
}

/** Distinct colours in what the canvas put on screen (a screenshot of it, read back). */
async function canvasColours(page: Page): Promise<number> {
  const png = (await page.locator('canvas').screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const copy = document.createElement('canvas');
    copy.width = image.width;
    copy.height = image.height;
    const context = copy.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4 * 7) {
      seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    }
    return seen.size;
  }, png);
}

describe('prisoner simulation', () => {
  it('shows the page, its controls and a drawn canvas, with no axe violations', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
    expect(await page.locator('main h1').textContent()).toBe('100 prisoners simulation');
    expect(await readout(page, 'Current prisoner')).toBe('1');
    expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
    expect(await readout(page, 'Current slip')).toBe('–');
    const speed = page.getByLabel('Speed');
    expect(await speed.evaluate((el: HTMLInputElement) => [el.min, el.max, el.value])).toEqual([
      '10',
      '1000',
      '800',
    ]);
    expect(await page.getByRole('button', { name: 'Start simulation' }).count()).toBe(1);
    expect(await page.getByText(`${FAILING_SEED}`, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Replay this run' }).getAttribute('href')).toBe(
      `/projects/prisoner?seed=${FAILING_SEED}`,
    );
    expect(await page.getByRole('link', { name: 'prisoner lab' }).getAttribute('href')).toBe(
      '/projects/prisoner/lab',
    );
    expect(await boxNames(page)).toEqual(Array.from({ length: 100 }, (_, i) => `Box ${i + 1}`));

    // This Chromium renders WebGL in software, and the probe (in a worker) says so; the grid is
    // drawn in a worker too.
    await page.locator('[data-renderer="software-webgl"][data-drawn-in="worker"] canvas').waitFor();
    // The canvas draws once its shaders are compiled: many different colours, not a blank frame.
    await expect.poll(() => canvasColours(page), { timeout: 10_000 }).toBeGreaterThan(50);

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show cycles' }).click();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });

  it('opens the explanation and closes it with Close, Escape and the overlay', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, '/projects/prisoner');
    const opener = page.locator('button[aria-haspopup="dialog"]');
    const modal = page.getByRole('dialog', { name: 'The 100 Prisoners Problem' });
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

    await opener.click();
    await modal.waitFor();
    expect(await modal.textContent()).toContain('31.18%');
    expect(
      await modal.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.maxWidth, style.maxHeight, el.getBoundingClientRect().width];
      }),
    ).toEqual(['600px', `${0.8 * 800}px`, 600]);
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await focusedText()).toBe(await opener.textContent());

    await opener.click();
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await focusedText()).toBe(await opener.textContent());

    await opener.click();
    await modal.waitFor();
    await page.mouse.click(8, 8); // on the dimmed overlay, outside the modal
    await modal.waitFor({ state: 'hidden' });
    expect(await focusedText()).toBe(await opener.textContent());
    expect(problems).toEqual([]);
    await context.close();
  });

  it('plays a manual success on a seeded arrangement', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
    const expected = arrangements(FIRST_WINS_SEED, 1)[0] as Int32Array;
    const slips = await learnSlips(page);
    expect(slips).toEqual(Array.from(expected));

    const path = strategyPath(slips, 0);
    for (const box of path) await boxButton(page, box).click();
    const dialog = page.getByRole('dialog', { name: 'Prisoner 1 guessed correctly' });
    await dialog.waitFor();
    expect(await dialog.locator('svg').count()).toBe(1);
    const last = path[path.length - 1] as number;
    expect(await boxButton(page, last).getAttribute('aria-label')).toBe(`Box ${last + 1}, slip 1`);
    expect(await boxButton(page, last).getAttribute('aria-disabled')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await readout(page, 'Current prisoner')).toBe('2');
    expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
    expect(await boxButton(page, last).getAttribute('aria-label')).toBe(`Box ${last + 1}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('plays a manual failure: the 50th wrong box fails, OK reshuffles from the seed', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
    const [first, second] = arrangements(FAILING_SEED, 2) as [Int32Array, Int32Array];
    const slips = await learnSlips(page);
    const wrong = slips.flatMap((slip, box) => (slip === 0 ? [] : [box])).slice(0, GUESS_LIMIT);
    for (const [index, box] of wrong.entries()) {
      // The DOM twin's own click handler: much faster than 50 pointer round trips.
      await boxButton(page, box).evaluate((button: HTMLButtonElement) => button.click());
      if (index === GUESS_LIMIT - 2) {
        expect(await readout(page, 'Guesses left')).toBe('1');
        // An opened box cannot be opened again (force: it is aria-disabled).
        await boxButton(page, box).click({ force: true });
        expect(await readout(page, 'Guesses left')).toBe('1');
      }
    }
    const dialog = page.getByRole('dialog', { name: 'Prisoner 1 failed' });
    await dialog.waitFor();
    expect(await page.getByText('Prisoner 1 failed', { exact: true }).count()).toBe(2);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await readout(page, 'Current prisoner')).toBe('1');
    expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
    expect(await page.getByRole('status').filter({ hasText: 'Prisoner 1 failed' }).count()).toBe(1);
    const reshuffled = await learnSlips(page);
    expect(reshuffled).toEqual(Array.from(second));
    expect(reshuffled).not.toEqual(Array.from(first));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works with the keyboard alone', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
    const slips = arrangements(FAILING_SEED, 1)[0] as Int32Array;
    let name = '';
    for (let i = 0; i < 40 && !name.startsWith('Box'); i++) {
      await page.keyboard.press('Tab');
      name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(name).toBe('Box 1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(await focused()).toBe('Box 12');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe(`Box 12, slip ${(slips[11] as number) + 1}`);
    await page.keyboard.press('End');
    await page.keyboard.press(' ');
    expect(await focused()).toBe(`Box 20, slip ${(slips[19] as number) + 1}`);
    expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT - 2));
    // One tab stop for the whole grid: Tab leaves it.
    await page.keyboard.press('Tab');
    expect(await focused()).not.toMatch(/^Box/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('automatic play at speed 1000 ends on the first failing prisoner', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
    const failing = failsAt(arrangements(FAILING_SEED, 1)[0] as Int32Array);
    await page.getByLabel('Speed').fill('1000');
    await page.getByRole('button', { name: 'Start simulation' }).click();
    expect(await page.getByRole('button', { name: 'Reset simulation' }).count()).toBe(1);
    const dialog = page.getByRole('dialog', { name: `Prisoner ${failing + 1} failed` });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await readout(page, 'Guesses left')).toBe('0');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('button', { name: 'Start simulation' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('automatic play at speed 1000 frees everyone when no cycle is too long', async () => {
    const { page, context, problems } = await openPage(browser);
    await watchLongTasks(page);
    await visit(page, `/projects/prisoner?seed=${WINNING_SEED}`);
    await page.getByLabel('Speed').fill('1000');
    await page.waitForTimeout(1000);
    await longTasks(page);
    const started = Date.now();
    await page.getByRole('button', { name: 'Start simulation' }).click();
    const dialog = page.getByRole('dialog', { name: 'All prisoners guessed correctly' });
    await dialog.waitFor({ timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const tasks = await longTasks(page);
    // Reported, not asserted: with software WebGL every composited frame blocks the main thread.
    console.info(
      `WebGL grid, full automatic run at speed 1000 (seed ${WINNING_SEED}): ${seconds.toFixed(1)} s, ` +
        `${tasks.length} long tasks${tasks.length ? ` (median ${tasks.sort((a, b) => a - b)[tasks.length >> 1]} ms)` : ''}`,
    );
    expect(await readout(page, 'Current prisoner')).toBe('100');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports a killed worker with a Retry, and the rest of the page keeps working', async () => {
    const { page, context, problems } = await openPage(browser);
    const restore = await injectIntoWorker(page, 'game-worker', dieOnSignal);
    await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
    await page.getByLabel('Speed').fill('10');
    await page.getByRole('button', { name: 'Start simulation' }).click();
    await page.waitForFunction(
      () => document.querySelector('#readout-slip')?.textContent?.trim() !== '–',
    );
    await signalWorkers(page, 'die');
    const alert = page.getByRole('alert').filter({ hasText: 'stopped responding' });
    await alert.waitFor({ timeout: 10_000 });
    await restore();
    const guesses = await readout(page, 'Guesses left');
    // The page still works: the explanation opens and closes, cycles toggle.
    await page.locator('button[aria-haspopup="dialog"]').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show cycles' }).click();
    await page.getByRole('button', { name: 'Show cycles' }).click();
    await page.getByLabel('Speed').fill('1000');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor({ state: 'hidden' });
    const failing = failsAt(arrangements(FAILING_SEED, 1)[0] as Int32Array);
    await page
      .getByRole('dialog', { name: `Prisoner ${failing + 1} failed` })
      .waitFor({ timeout: 30_000 });
    expect(guesses).not.toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['worker', 'page'] as const)(
    'falls back to the DOM grid with a notice when the WebGL context is lost (drawn in the %s)',
    async (drawnIn) => {
      const { page, context, problems } = await openPage(browser);
      if (drawnIn === 'page') await withoutOffscreenCanvas(page);
      if (drawnIn === 'worker')
        await injectIntoWorker(page, 'grid-render-worker', loseContextOnSignal);
      await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
      await boxButton(page, 0).click();
      await page.locator(`[data-drawn-in="${drawnIn}"] canvas`).waitFor();
      await expect.poll(() => canvasColours(page), { timeout: 10_000 }).toBeGreaterThan(50);
      if (drawnIn === 'worker') {
        await signalWorkers(page, 'lose-context');
      } else {
        await page.locator('canvas').evaluate((element: HTMLCanvasElement) => {
          const gl = element.getContext('webgl2') ?? element.getContext('webgl');
          gl?.getExtension('WEBGL_lose_context')?.loseContext();
        });
      }
      await page.getByText(/graphics context was lost/).waitFor();
      expect(await page.locator('canvas').count()).toBe(0);
      // Same game, same state, now in the DOM grid.
      const slips = arrangements(FIRST_WINS_SEED, 1)[0] as Int32Array;
      expect(await boxButton(page, 0).getAttribute('aria-label')).toBe(
        `Box 1, slip ${(slips[0] as number) + 1}`,
      );
      expect(await boxButton(page, 0).isVisible()).toBe(true);
      expect(await readout(page, 'Guesses left')).toBe(
        slips[0] === 0 ? String(GUESS_LIMIT) : String(GUESS_LIMIT - 1),
      );
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('draws on the page itself where a canvas cannot be handed to a worker', async () => {
    const { page, context, problems } = await openPage(browser);
    await withoutOffscreenCanvas(page);
    await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
    await page.locator('[data-drawn-in="page"] canvas').waitFor();
    await expect.poll(() => canvasColours(page), { timeout: 10_000 }).toBeGreaterThan(50);
    await page.getByLabel('Speed').fill('1000');
    await page.getByRole('button', { name: 'Start simulation' }).click();
    const slips = arrangements(FIRST_WINS_SEED, 1)[0] as Int32Array;
    const failing = failsAt(slips);
    await page
      .getByRole('dialog', {
        name: failing === -1 ? 'All prisoners guessed correctly' : `Prisoner ${failing + 1} failed`,
      })
      .waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports an invalid seed inline and plays on with a random one', async () => {
    const { page, context, problems } = await openPage(browser);
    await visit(page, '/projects/prisoner?seed=abc');
    const notice = page.getByRole('alert').filter({ hasText: 'not valid' });
    expect(await notice.count()).toBe(1);
    const seed = Number(await page.getByTestId('seed').textContent());
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
    expect(await learnSlips(page)).toEqual(Array.from(arrangements(seed, 1)[0] as Int32Array));
    await visit(page, '/projects/prisoner?seed=4294967296');
    expect(await page.getByRole('alert').filter({ hasText: 'not valid' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('prisoner simulation without WebGL', () => {
  let noGl: Browser;
  beforeAll(async () => {
    noGl = await launchBrowser(['--disable-software-rasterizer']);
  });
  afterAll(async () => {
    await noGl.close();
  });

  it('shows the DOM grid with a notice and stays fully playable', async () => {
    const { page, context, problems } = await openPage(noGl, { width: 375, height: 800 });
    await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
    // The WebGL probe runs in a worker: its answer arrives a moment after the page.
    await page.getByText(/needs WebGL/).waitFor();
    expect(await page.getByText(/needs WebGL/).count()).toBe(1);
    expect(await page.locator('canvas').count()).toBe(0);
    const first = boxButton(page, 0);
    expect(await first.isVisible()).toBe(true);
    expect(await first.textContent()).toBe('1');
    const slips = arrangements(FIRST_WINS_SEED, 1)[0] as Int32Array;
    for (const box of strategyPath(slips, 0)) await boxButton(page, box).click();
    await page.getByRole('dialog', { name: 'Prisoner 1 guessed correctly' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await readout(page, 'Current prisoner')).toBe('2');
    await page.getByLabel('Speed').fill('1000');
    await page.getByRole('button', { name: 'Start simulation' }).click();
    const failing = failsAt(slips);
    await page
      .getByRole('dialog', {
        name: failing === -1 ? 'All prisoners guessed correctly' : `Prisoner ${failing + 1} failed`,
      })
      .waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs a full automatic game at speed 1000 and stays responsive', async () => {
    const { page, context, problems } = await openPage(noGl);
    await watchLongTasks(page);
    await visit(page, `/projects/prisoner?seed=${WINNING_SEED}`);
    await page.getByLabel('Speed').fill('1000');
    await page.waitForTimeout(500);
    await longTasks(page);
    const started = Date.now();
    await page.getByRole('button', { name: 'Start simulation' }).click();
    await page
      .getByRole('dialog', { name: 'All prisoners guessed correctly' })
      .waitFor({ timeout: 30_000 });
    const tasks = await longTasks(page);
    console.info(
      `DOM grid, full automatic run at speed 1000: ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${tasks.length} long tasks${tasks.length ? ` (${tasks.join(', ')} ms)` : ''}`,
    );
    // The page stays responsive: batches are applied a frame at a time, never all at once.
    expect(Math.max(0, ...tasks)).toBeLessThan(1000);
    expect(problems).toEqual([]);
    await context.close();
  });
});
