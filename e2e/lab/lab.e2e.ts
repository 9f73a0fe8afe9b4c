// The lab: seeded runs from the address and their results, plots and links into the simulation;
// invalid and hostile addresses; the method's explanation. Its faults: lab-faults.e2e.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { swapSuccessProbability } from '../../src/features/prisoners/engine/exact.ts';
import {
  draftFromQuery,
  parseSettings,
  SETTING_FIELDS,
} from '../../src/features/prisoners/engine/lab-settings.ts';
import { cycleLengthOfBox } from '../../src/testing/arrangements.ts';
import { hostileQuery } from '../../src/testing/hostile-values.ts';
import { streamSums } from '../../src/testing/stream-sums.ts';
import {
  axeViolations,
  sharedBrowser,
  visit,
  waitForHeading,
  withPage,
} from '../support/browser.ts';
import { LAB, outputText, progress, trialCount } from '../support/lab-results.ts';
import { learnSlips } from '../support/simulation-page.ts';

const browser = sharedBrowser();

const seededRun = {
  n: 100,
  k: 50,
  trials: 200_000,
  strategy: 'cycle',
  method: 'literal',
} as const;

describe('the lab', () => {
  it('runs a seeded run from the URL to 100% and lands within 4 standard errors of Exact', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `${LAB}?n=100&k=50&trials=200000&strategy=cycle&method=literal&seed=7`);
      expect(await page.getByRole('textbox', { name: 'Trials' }).inputValue()).toBe('200000');
      // A shared address holds no results: beside the empty results, what Run will do.
      const reproduces = page.getByText(
        'Nothing has run on this page yet. Run reproduces the results of seed 7 with these settings, to the trial.',
      );
      expect(await reproduces.count()).toBe(1);
      // No WebGPU here: the device that will run, the CPU workers, is checked.
      expect(await page.getByRole('radio', { name: 'CPU workers' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForFunction(() => document.querySelector('progress')?.value === 100, null, {
        timeout: 30_000,
      });
      expect(await outputText(page, 'Trials')).toBe('200,000');
      expect(await trialCount(page)).toBe(200_000);
      expect(await reproduces.count()).toBe(0);
      const rateText = await outputText(page, 'Success rate');
      const exactText = await outputText(page, 'Exact');
      expect(rateText).toMatch(/^\d+\.\d{2}%$/);
      expect(exactText).toBe('31.18%');
      const rate = Number(await page.locator('#lab-success-rate').getAttribute('data-value'));
      const exact = Number(await page.locator('#lab-exact').getAttribute('data-value'));
      const se = Math.sqrt((exact * (1 - exact)) / 200_000);
      expect(Math.abs(rate - exact) / se).toBeLessThan(4);

      // The failing trial link replays a seed of this run in the simulation.
      const href = await page
        .getByRole('link', { name: 'Watch a failing trial' })
        .getAttribute('href');
      // The same run as every stream of it run on its own in Node: the same successes, to the
      // trial, and the same trial to watch.
      const expected = streamSums({ ...seededRun, runSeed: 7 });
      await expect(
        page
          .getByText(`Successes ${expected.successes.toLocaleString('en-US')} of 200,000`)
          .count(),
      ).resolves.toBe(1);
      const arrivalOf = (trial: number) =>
        `&lab-seed=7&lab-trials=200000&lab-k=50&lab-method=literal&lab-trial=${trial}`;
      expect(href).toBe(
        `/projects/prisoner/?seed=${expected.watch!.state}${arrivalOf(expected.watch!.trial)}`,
      );
      // Every bar of the histogram with an example in the run opens the run's first trial with
      // that longest cycle (n = 100: one bar per length).
      const examples = expected.longestCycleExamples.flatMap((example, length) =>
        example
          ? [
              {
                length,
                href: `/projects/prisoner/?seed=${example.state}${arrivalOf(example.trial)}`,
              },
            ]
          : [],
      );
      const barLinks = page
        .getByRole('group', { name: 'Examples from this run' })
        .getByRole('link');
      expect(
        await barLinks.evaluateAll((links) =>
          links.map((link) => [link.textContent, link.getAttribute('href')]),
        ),
      ).toEqual(
        examples.map(({ length, href }) => [
          `Watch an arrangement whose longest cycle is ${length}`,
          href,
        ]),
      );
      // One tab stop for the bars: the arrow keys move along them.
      await barLinks.first().focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        `Watch an arrangement whose longest cycle is ${examples[1]!.length}`,
      );
      expect(
        await barLinks.evaluateAll((links) => links.filter((link) => link.tabIndex === 0).length),
      ).toBe(1);
      // Plots come with text summaries.
      await expect(page.getByRole('img', { name: /Longest cycle length/ }).count()).resolves.toBe(
        1,
      );
      await expect(
        page.getByText(/After 200,000 trials the success rate is/).count(),
      ).resolves.toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      // Tab goes through the page's controls in the order they are seen: down the page, and
      // left to right along a row.
      const order = await tabOrder(page);
      expect(order).toHaveLength(10);
      expect(order.map((stop) => stop.name).slice(-3)).toEqual([
        'Run',
        'Watch a failing trial',
        expect.stringMatching(/^Watch an arrangement whose longest cycle is \d+$/),
      ]);
      order.slice(1).forEach((here, i) => {
        const before = order[i]!;
        const sameRow = Math.abs(here.top - before.top) <= 8;
        expect(
          sameRow ? here.left > before.left : here.top > before.top,
          `${before.name} → ${here.name}`,
        ).toBe(true);
      });

      // The link opens the simulation on that seed, with a notice saying what it is.
      const labAddress = page.url();
      await page.getByRole('link', { name: 'Watch a failing trial' }).click();
      await page.waitForURL((url) => url.pathname === '/projects/prisoner/');
      expect(new URL(page.url()).search).toBe(href!.slice(href!.indexOf('?')));
      await waitForHeading(page, '100 prisoners simulation');
      const notice = page.getByRole('status').filter({ hasText: 'of a lab run' });
      await notice.waitFor();
      const slips = await learnSlips(page);
      const lengths = cycleLengthOfBox(slips);
      const failing = lengths.findIndex((length) => length > 50);
      expect(failing).toBeGreaterThanOrEqual(0);
      expect(await notice.locator('p').textContent()).toBe(
        `Trial ${expected.watch!.trial.toLocaleString('en-US')} of a lab run (seed 7, 200,000 literal trials of 100 prisoners with 50 guesses, following the slips). Prisoner ${failing + 1} will fail: their box is on a cycle of ${lengths[failing]} boxes, longer than the 50 they may open. Back to the lab run`,
      );
      expect(await notice.getByRole('button', { name: 'Start' }).count()).toBe(1);
      // Back returns to the lab with the run's results, at the run's address.
      await page.goBack();
      await waitForHeading(page, 'The 100 prisoners lab');
      expect(page.url()).toBe(labAddress);
      await expect.poll(() => outputText(page, 'Success rate')).toBe(rateText);
      expect(await outputText(page, 'Trials')).toBe('200,000');
      expect(await progress(page)).toBe(100);

      // A bar of a length that frees everyone opens that trial, and the notice says so.
      const free = examples.find(({ length }) => length <= 50)!;
      await page
        .getByRole('link', { name: `Watch an arrangement whose longest cycle is ${free.length}` })
        .click();
      await page.waitForURL((url) => url.pathname === '/projects/prisoner/');
      await waitForHeading(page, '100 prisoners simulation');
      const freeNotice = page.getByRole('status').filter({ hasText: 'of a lab run' });
      await freeNotice.waitFor();
      expect(Math.max(...cycleLengthOfBox(await learnSlips(page)))).toBe(free.length);
      expect(await freeNotice.locator('p').textContent()).toMatch(
        /^Trial [\d,]+ of a lab run \(seed 7, .*\)\. No cycle here is longer than the guesses allow: everyone goes free\. Back to the lab run$/,
      );
    }));

  it('runs the swap strategy from the URL: its exact value, and no longest cycle above n/2 after the swap', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(
        page,
        `${LAB}?n=12&k=3&trials=100000&strategy=swap&method=literal&seed=11&device=gpu`,
      );
      expect(await page.getByLabel('Strategy').inputValue()).toBe('swap');
      // This browser has no WebGPU: the GPU option is off, and says why.
      const gpu = page.getByRole('radio', { name: 'GPU (WebGPU)' });
      const unavailable =
        /^GPU unavailable: (This browser does not offer WebGPU\.|WebGPU found no graphics adapter on this device\.) Runs use the CPU workers\.$/;
      await page.getByText(unavailable).waitFor();
      // Asked for the GPU without one: the CPU workers are checked, since they will run.
      expect([await gpu.isDisabled(), await gpu.isChecked()]).toEqual([true, false]);
      const cpu = page.getByRole('radio', { name: 'CPU workers' });
      expect([await cpu.isEnabled(), await cpu.isChecked()]).toEqual([true, true]);
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForFunction(() => document.querySelector('progress')?.value === 100, null, {
        timeout: 30_000,
      });
      // Asked for the GPU, the run went to the CPU workers with a notice naming what is missing.
      expect(await page.getByRole('status').filter({ hasText: 'instead' }).textContent()).toMatch(
        /^(This browser does not offer WebGPU\.|WebGPU found no graphics adapter on this device\.) This run uses the CPU workers instead\.$/,
      );
      expect(await page.getByText(/^Ran on: CPU workers \(\d+\)$/).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('device')).toBe('gpu');
      expect(await outputText(page, 'Exact')).toBe('16.19%');
      const exact = Number(await page.locator('#lab-exact').getAttribute('data-value'));
      expect(exact).toBe(swapSuccessProbability(12, 3));
      const rate = Number(await page.locator('#lab-success-rate').getAttribute('data-value'));
      expect(Math.abs(rate - exact) / Math.sqrt((exact * (1 - exact)) / 100_000)).toBeLessThan(4);
      // The run's own counts: every stream of seed 11 run on its own here and added up.
      const run = streamSums({
        n: 12,
        k: 3,
        trials: 100_000,
        strategy: 'swap',
        method: 'literal',
        runSeed: 11,
      });
      expect(rate).toBe(run.successes / 100_000);

      // One bar per length 1..12; after the swap the longest cycle has at most 6 boxes.
      const histogram = page.getByRole('figure', {
        name: 'Longest cycle length after the helper’s swap',
      });
      const heights = await histogram
        .locator('rect')
        .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
      expect(heights).toHaveLength(12);
      expect(heights.slice(6)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(heights[5]).toBeGreaterThan(0);
      // Everyone goes free exactly when the longest cycle after the swap is at most k = 3: the
      // first three bars' share of all bars is the run's success rate.
      const share = (bars: number[]) => bars.reduce((sum, bar) => sum + bar, 0);
      expect(share(heights.slice(0, 3)) / share(heights)).toBeCloseTo(rate, 9);
      // Each bar is its length's share of the run's trials.
      const expectShares = (bars: number[], counts: number[]) =>
        bars.forEach((bar, i) =>
          expect(bar / share(bars), `bar ${i + 1}`).toBeCloseTo(counts[i]! / 100_000, 9),
        );
      expectShares(heights, Array.from(run.longestCycle).slice(1));
      // A legend for every colour of the bars: up to k and above k.
      expect(await legendText(histogram)).toBe('observed, up to 3 observed, above 3 exact k = 3');
      expect(await coloursWithoutLegend(histogram)).toEqual([]);

      // The convergence plot's last point is the run: 100,000 trials at its success rate, read
      // back through the plot's own axis ticks.
      const convergence = page.getByRole('figure', { name: 'Convergence' });
      const ticks = await convergence.locator('g[transform] > text').evaluateAll((labels) =>
        labels.map((label) => {
          const [, x, y] = /translate\(([\d.-]+) ([\d.-]+)\)/.exec(
            label.parentElement!.getAttribute('transform')!,
          )!;
          return { text: label.textContent!, x: Number(x), y: Number(y) };
        }),
      );
      const yTicks = ticks
        .filter((tick) => tick.x === 0 && tick.text.endsWith('%'))
        .map((tick) => ({ value: Number(tick.text.slice(0, -1)) / 100, at: tick.y }));
      const xTicks = ticks
        .filter((tick) => tick.y === 0)
        .map((tick) => ({
          value: Number(tick.text.replace('k', 'e3').replace('M', 'e6')),
          at: tick.x,
        }));
      expect(yTicks.length).toBeGreaterThanOrEqual(2);
      expect(xTicks.length).toBeGreaterThanOrEqual(2);
      // The range holds every rate drawn, the first trials' included (here 0% or 100%).
      const rates = run.convergence.map((point) => point.successes / point.trials);
      expect(yTicks[0]!.value).toBeLessThanOrEqual(Math.min(...rates));
      expect(yTicks.at(-1)!.value).toBeGreaterThanOrEqual(Math.max(...rates));
      const dot = await convergence
        .locator('circle')
        .evaluate((circle) => [
          Number(circle.getAttribute('cx')),
          Number(circle.getAttribute('cy')),
        ]);
      const [y0, y1] = [yTicks[0]!, yTicks.at(-1)!];
      const rateAt = y0.value + ((dot[1]! - y0.at) / (y1.at - y0.at)) * (y1.value - y0.value);
      expect(rateAt).toBeCloseTo(rate, 6);
      const [x0, x1] = [xTicks[0]!, xTicks.at(-1)!];
      const trialsAt = x0.value * (x1.value / x0.value) ** ((dot[0]! - x0.at) / (x1.at - x0.at));
      expect(trialsAt).toBeCloseTo(100_000, 0);
      // How many found their number, 0 to 12: one bar each, the run's shares, and the summary's
      // figures worked out from the run's counts.
      const freedPlot = page.getByRole('figure', { name: 'Prisoners who found their number' });
      // On a log axis (shares from about 1% to all): each bar's share read back through the
      // axis's own decades; a count of none has no bar.
      const decades = (
        await freedPlot.locator('g[transform] > text').evaluateAll((labels) =>
          labels.map((label) => ({
            text: label.textContent!,
            y: Number(
              /translate\(0 ([\d.-]+)\)/.exec(label.parentElement!.getAttribute('transform')!)?.[1],
            ),
          })),
        )
      )
        .filter((tick) => tick.text.endsWith('%') && !Number.isNaN(tick.y))
        .map((tick) => ({ log: Math.log10(shareOfTick(tick.text)), at: tick.y }));
      expect(decades.length).toBeGreaterThanOrEqual(2);
      const [d0, d1] = [decades[0]!, decades.at(-1)!];
      const freedBars = await freedPlot
        .locator('rect')
        .evaluateAll((bars) =>
          bars.map((bar) => [Number(bar.getAttribute('y')), Number(bar.getAttribute('height'))]),
        );
      expect(freedBars).toHaveLength(13);
      freedBars.forEach(([top, height], found) => {
        const share = run.freed[found]! / 100_000;
        if (share === 0) return expect(height, `bar ${found}`).toBe(0);
        const log = d0.log + ((top! - d0.at) / (d1.at - d0.at)) * (d1.log - d0.log);
        expect(log, `bar ${found}`).toBeCloseTo(Math.log10(share), 6);
      });
      expect(await legendText(freedPlot)).toBe('fewer than 12 all 12');
      expect(await coloursWithoutLegend(freedPlot)).toEqual([]);
      const failed = 100_000 - run.freed[12]!;
      const foundInFailures = Array.from(run.freed)
        .slice(0, 12)
        .reduce((sum, trials, found) => sum + found * trials, 0);
      expect(await freedPlot.locator('figcaption').textContent()).toBe(
        `All 12 found their number in ${((run.freed[12]! / 100_000) * 100).toFixed(2)}% of trials. ` +
          `In the other trials, ${(foundInFailures / failed).toFixed(1)} of 12 found theirs on ` +
          'average: everyone on a cycle longer than the guesses fails together.',
      );
      await expect(page.getByRole('link', { name: 'Watch a failing trial' }).count()).resolves.toBe(
        0,
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('shows a message for each invalid URL value and disables Run', () =>
    withPage(browser, { width: 375, height: 800 }, async ({ page, problems }) => {
      await visit(
        page,
        `${LAB}?n=lots&k=-1&trials=0&strategy=greedy&method=slow&seed=-5&device=tpu`,
      );
      for (const message of [
        'Prisoners must be a whole number from 1 to 100000.',
        'Guesses must be a whole number from 0 to 100000.',
        'Trials must be a whole number from 1 to 1000000000.',
        'Strategy must be cycle, random or swap.',
        'Method must be literal or fast.',
        'Seed must be blank or a whole number from 0 to 4294967295.',
        'Device must be gpu or cpu, or left out to use the faster.',
      ]) {
        await expect(page.getByText(message, { exact: true }).count()).resolves.toBe(1);
      }
      expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);

      // Hostile addresses (a sample of those the unit tests read by the hundred), each a
      // navigation within this page load: every one ends in the settings it names or in a
      // message per bad field, never a crash, a console error or a freeze.
      const visits = fc
        .sample(hostileQuery(SETTING_FIELDS), { seed: 19, numRuns: 60 })
        .map((query) => {
          // The address as the browser keeps it (Node's URL parser is the same WHATWG one).
          const search = new URL(`http://localhost${LAB}/?${query}`).search;
          const draft = draftFromQuery(search);
          const errors = Object.keys(parseSettings(draft).errors).length;
          // What each field shows: a choice it does not offer shows as the empty choice.
          // A text field drops line breaks from its value (the HTML value sanitisation).
          const text = (value: string) => value.replace(/[\r\n]/g, '');
          const fields = {
            n: text(draft.n),
            k: text(draft.k),
            trials: text(draft.trials),
            seed: text(draft.seed),
            strategy: ['cycle', 'random', 'swap'].includes(draft.strategy) ? draft.strategy : '',
            method: ['literal', 'fast'].includes(draft.method) ? draft.method : '',
            // No WebGPU here: a device the radio buttons offer, or none, checks the CPU workers,
            // which will run; one they do not offer checks none.
            device: parseSettings(draft).errors.device ? '' : 'cpu',
          };
          return { query, fields, errors };
        });
      // All in the page, so a visit costs a frame or two rather than a round trip.
      const shown = await page.evaluate(async (list) => {
        const task = () => new Promise((resolve) => setTimeout(resolve, 0));
        const shownFields = () =>
          Object.fromEntries(
            [
              ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
                'form input[name]:not([type="radio"]), form select[name]',
              ),
            ]
              .map((element) => [element.name, element.value])
              .concat([
                [
                  'device',
                  document.querySelector<HTMLInputElement>('form input[name="device"]:checked')
                    ?.value ?? '',
                ],
              ]),
          );
        const same = (shown: Record<string, string>, wanted: Record<string, string>) =>
          Object.entries(wanted).every(([name, value]) => shown[name] === value);
        const seen = [];
        const invalid = () => document.querySelectorAll('[aria-invalid="true"]').length;
        for (const { query, fields, errors } of list) {
          history.pushState(null, '', `/projects/prisoner/lab/?${query}`);
          dispatchEvent(new PopStateEvent('popstate'));
          const limit = performance.now() + 30_000;
          // The router renders a new address in a transition: wait for its fields and errors.
          // (Fields alone may read as the last address's: a device it does not offer and none
          // both leave the radio buttons unchecked, one with an error and one without.)
          while (!(same(shownFields(), fields) && invalid() === errors)) {
            if (performance.now() > limit) break;
            await task();
          }
          seen.push({
            query,
            fields: shownFields(),
            errors: invalid(),
            runEnabled:
              !document.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled,
            heading: document.querySelector('main h1')?.textContent,
          });
        }
        return seen;
      }, visits);
      // Compared one by one, so a failure names its address (cut short) and what went wrong.
      visits.forEach(({ query, fields, errors }, index) => {
        expect({ ...shown[index], query: query.slice(0, 120) }).toEqual({
          query: query.slice(0, 120),
          fields,
          errors,
          runEnabled: errors === 0,
          heading: 'The 100 prisoners lab',
        });
      });
      expect(problems).toEqual([]);
      await page.evaluate(() => {
        history.pushState(
          null,
          '',
          '/projects/prisoner/lab/?n=lots&k=-1&trials=0&strategy=greedy&method=slow&seed=-5',
        );
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByText('Method must be literal or fast.', { exact: true }).waitFor();

      // Fixing the prisoners revalidates the guesses against them and updates the URL.
      await page.getByLabel('Prisoners (n)').fill('20');
      await page.getByLabel('Guesses per prisoner (k)').fill('10');
      await expect(page.getByText(/^Prisoners must/).count()).resolves.toBe(0);
      expect(new URL(page.url()).searchParams.get('n')).toBe('20');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('explains the chosen method, and keeps axis titles clear of the tick labels', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `${LAB}?method=literal`);
      const note = page.getByText(/^(literal|fast) (shuffles|never builds)/);
      expect(await note.textContent()).toMatch(/^literal shuffles the slips into the boxes/);
      await page.getByLabel('Method').selectOption('fast');
      expect(await note.textContent()).toMatch(/^fast never builds the boxes/);
      // Before any run: no axis title's box meets a tick label's box.
      const overlaps = await page.locator('figure svg').evaluateAll((plots) =>
        plots.map((svg) => {
          const boxes = (selector: string) =>
            [...svg.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
          const titles = boxes('g[aria-hidden] > text');
          const ticks = boxes('g[aria-hidden] g text');
          return titles.flatMap((a) =>
            ticks.filter(
              (b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
            ),
          ).length;
        }),
      );
      expect(overlaps).toEqual([0, 0, 0]);
      // The exact chance of opening at random, (50/100)^100, written for people, and its formula
      // typeset.
      await page.getByLabel('Strategy').selectOption('random');
      await expect.poll(() => outputText(page, 'Exact')).toBe('7.9\u00a0×\u00a010⁻²⁹\u00a0%');
      const exactNote = page.locator('#lab-exact + span');
      expect(await exactNote.innerHTML()).toBe('(k/n)<sup>n</sup>');
      expect(problems).toEqual([]);
    }));
});

/** The keyboard's path through the page's main content: each stop's name and where it is. */
async function tabOrder(page: Page) {
  // Each stop is recorded in the page as focus reaches it: one round trip per Tab.
  await page.locator('main h1').evaluate((heading) => {
    heading.setAttribute('tabindex', '-1');
    (heading as HTMLElement).focus();
    heading.removeAttribute('tabindex');
    const stops: { name: string; top: number; left: number }[] = [];
    (window as unknown as { tabStops: typeof stops }).tabStops = stops;
    document.addEventListener('focusin', (event) => {
      const stop = event.target as HTMLElement;
      if (!stop.closest('main')) return;
      const box = stop.getBoundingClientRect();
      const name =
        stop.getAttribute('aria-label') ??
        (stop as HTMLInputElement).labels?.[0]?.textContent ??
        stop.textContent ??
        '';
      stops.push({ name: name.trim(), top: box.top + scrollY, left: box.left });
    });
  });
  // Ten controls in the settings, two links in the results, and the first stop after main.
  for (let i = 0; i < 11; i++) await page.keyboard.press('Tab');
  return page.evaluate(
    () =>
      (window as unknown as { tabStops: { name: string; top: number; left: number }[] }).tabStops,
  );
}

/** The text of a plot's legend. */
const legendText = async (plot: Locator) =>
  ((await plot.locator('p[aria-hidden="true"]').textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Colours of a plot's bars that no swatch of its legend shows. */
const coloursWithoutLegend = (plot: Locator) =>
  plot.evaluate((figure) => {
    const swatches = new Set(
      [...figure.querySelectorAll('p[aria-hidden="true"] span span')].map(
        (swatch) => getComputedStyle(swatch).backgroundColor,
      ),
    );
    const fills = new Set(
      [...figure.querySelectorAll('rect')].map((bar) => getComputedStyle(bar).fill),
    );
    return [...fills].filter((fill) => !swatches.has(fill));
  });

/** A tick label of a share axis as a share: "10%" → 0.1, "10⁻³ %" (a no-break space) → 0.00001. */
function shareOfTick(text: string): number {
  const power = /^10([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)\u00a0%$/.exec(text);
  if (!power) return Number(text.slice(0, -1)) / 100;
  const exponent = Number(
    [...power[1]!].map((c) => (c === '⁻' ? '-' : String('⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c)))).join(''),
  );
  return 10 ** exponent / 100;
}
