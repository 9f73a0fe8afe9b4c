// The lab under faults (issue 19): Cancel at once, a short round of `npm run stress`, and workers
// that crash, fall silent, never answer, answer late or never load, each reported and survived.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/features/prisoners/engine/rng.ts';
import {
  breakWorkerScript,
  countWorkers,
  crashAtStart,
  crashSometimes,
  delayedMessages,
  injectIntoWorker,
  killWorkers,
  liveWorkers,
  neverAnswers,
  silentAfterMessages,
} from '../../tools/stress/faults.ts';
import { stressLab } from '../../tools/stress/lab-page.ts';
import { sharedBrowser, visit, withPage } from '../support/browser.ts';
import { LAB, progress, trialCount, trialsCounted } from '../support/lab-results.ts';

const browser = sharedBrowser();

describe('the lab', () => {
  it('cancels a long run at once and keeps the partial result', () =>
    withPage(browser, { width: 375, height: 800 }, async ({ page, problems }) => {
      await countWorkers(page);
      // No seed: the run draws one, and the address records it with every setting.
      await visit(page, `${LAB}?trials=1e9&method=fast`);
      const entries = await page.evaluate(() => history.length);
      // By keyboard: Run disables itself as the run starts, and focus moves on to Cancel.
      await page.getByRole('button', { name: 'Run' }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Cancel');
      // On a phone the progress comes into view when Run is pressed.
      await expect
        .poll(async () => {
          const bar = await page.getByRole('progressbar', { name: 'Run progress' }).boundingBox();
          return bar !== null && bar.y >= 0 && bar.y + bar.height <= 800;
        })
        .toBe(true);
      await page.waitForFunction(trialsCounted);
      const seed = /seed (\d+)/.exec((await page.getByText(/ · seed \d+/).textContent()) ?? '')![1];
      expect(new URL(page.url()).search).toBe(
        `?n=100&k=50&trials=1000000000&strategy=cycle&method=fast&seed=${seed}`,
      );
      expect(await page.evaluate(() => history.length)).toBe(entries);
      expect(await page.getByRole('textbox', { name: 'Seed' }).inputValue()).toBe('');
      // A run of many seconds says how long it has left.
      await expect.poll(() => page.getByText(/ · about \d+ (s|min \d+ s) left$/).count()).toBe(1);
      const cancel = page.getByRole('button', { name: 'Cancel' });
      await cancel.click();
      await expect(page.getByText(/ · cancelled after \d+\.\d\d s$/).count()).resolves.toBe(1);
      // Cancel disables itself in turn: focus goes back to Run, never to the page's body.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Run');
      const trials = await trialCount(page);
      expect(trials).toBeGreaterThan(0);
      expect(trials).toBeLessThan(1e9);
      // Every worker is gone, so nothing can count more: two frames later the count still stands.
      expect(await liveWorkers(page)).toBe(0);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(await trialCount(page)).toBe(trials);
      expect(await progress(page)).toBeLessThan(100);
      expect(await page.getByRole('button', { name: 'Run' }).isEnabled()).toBe(true);
      expect(problems).toEqual([]);

      // A short round of `npm run stress`: Run, Cancel, Retry and a Run right after Cancel at
      // random moments, a worker crashing as it starts one time in four.
      await injectIntoWorker(page, 'trials', crashSometimes(0.25));
      const rng = createRng(19);
      const figures = await stressLab(page, {
        rounds: 4,
        random: () => rng.nextUint32() / 2 ** 32,
      });
      expect(figures.problems).toEqual([]);
      expect([
        figures.runs,
        figures.hangs,
        figures.unaccounted,
        figures.leakedWorkers,
        figures.frozen,
      ]).toEqual([4, 0, 0, 0, 0]);
      expect(figures.done + figures.cancelled + figures.failed).toBe(4);
      expect(problems).toEqual([]);
    }));

  it('reports a worker that crashes, keeps the page working, and retries', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      const restore = await injectIntoWorker(page, 'trials', crashAtStart);
      await visit(page, `${LAB}?trials=1e9&method=fast&seed=5`);
      await page.getByRole('button', { name: 'Run' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toMatch(
        // Any of the workers may be the first to report (one per core but one).
        /^The run stopped early\. Worker \d+ crashed: (Uncaught )?Error: Injected fault\b/,
      );
      await restore();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.waitForFunction(trialsCounted);
      await expect(alert.count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(problems).toEqual([]);
    }));

  it('notices a worker that falls silent mid-run and keeps what it counted', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await injectIntoWorker(page, 'trials', silentAfterMessages(3));
      await visit(page, `${LAB}?trials=1e9&method=fast&seed=6`);
      await page.getByRole('button', { name: 'Run' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toMatch(/Worker \d+ stopped responding\./);
      expect(await trialCount(page)).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    }));

  // --- Faults survived (issue 19): one page load, one fault after another ---
  it('survives a worker killed mid-run, one that never answers, late messages and a script that does not load', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await countWorkers(page);
      await visit(page, `${LAB}?trials=1e9&method=fast&seed=8`);
      const run = page.getByRole('button', { name: 'Run', exact: true });
      const alert = page.getByRole('alert');
      const ended = (word: string) => page.getByText(new RegExp(` · ${word} (in|after) `));

      // Killed mid-run: silence, then a message within the silence limit (4 s, and 1 s to
      // answer); what the workers had reported stays; Retry runs again.
      await run.click();
      await page.waitForFunction(trialsCounted);
      await killWorkers(page);
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toMatch(/Worker \d+ stopped responding\./);
      const kept = await trialCount(page);
      expect(kept).toBeGreaterThan(0);
      expect(await liveWorkers(page)).toBe(0);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.waitForFunction(trialsCounted);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await ended('cancelled').waitFor();
      expect(await liveWorkers(page)).toBe(0);

      // Never answers, from its first message on: reported, nothing counted, nothing left running.
      let restore = await injectIntoWorker(page, 'trials', neverAnswers);
      await run.click();
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toMatch(/Worker \d+ stopped responding\./);
      expect(await trialCount(page)).toBe(0);
      expect(await liveWorkers(page)).toBe(0);
      await restore();

      // Every message two seconds late: no false failure, and the run ends with every trial.
      restore = await injectIntoWorker(page, 'trials', delayedMessages(2000));
      await page.getByRole('textbox', { name: 'Trials', exact: true }).fill('2000000');
      await run.click();
      await ended('finished').waitFor({ timeout: 30_000 });
      expect(await alert.count()).toBe(0);
      expect(await trialCount(page)).toBe(2_000_000);
      expect(await liveWorkers(page)).toBe(0);
      await restore();

      // A worker script that does not load: a message, not a blank panel; Retry once it loads.
      restore = await breakWorkerScript(page, 'trials');
      await run.click();
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toMatch(
        /^The run stopped early\. Worker \d+ could not be started: its script did not load\./,
      );
      await restore();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await ended('finished').waitFor({ timeout: 30_000 });
      expect(await trialCount(page)).toBe(2_000_000);
      expect(await liveWorkers(page)).toBe(0);
      // The browser itself logs the failed load of the script; nothing else may be logged.
      expect(problems.filter((line) => !/status of 404/.test(line))).toEqual([]);
    }));
});
