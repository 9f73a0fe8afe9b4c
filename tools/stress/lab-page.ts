// The lab page under random Run, Cancel and Retry: every run must end, no worker may outlive its
// run, and the page must keep answering. Shared by lab-faults.e2e.ts (a few rounds) and `npm run stress`.
import type { Page } from 'playwright-core';
import { liveWorkers } from './faults.ts';

export interface LabStressFigures {
  runs: number;
  /** How the runs ended. */
  done: number;
  cancelled: number;
  failed: number;
  retries: number;
  /** Runs started right after a Cancel, while the cancelled run's workers were being ended. */
  runsWhileEnding: number;
  /** Runs that stopped counting, without ending, for the stall limit. */
  hangs: number;
  /**
   * Runs started whose end (done, cancelled, failed) the page never showed and that did not
   * hang either: a run replaced by the next before its end showed, or one lost. Run is disabled
   * while a run is under way, so none is expected; each is also a problem.
   */
  unaccounted: number;
  /** Workers still running after their run ended, summed over the runs. */
  leakedWorkers: number;
  /** Times the page did not draw a frame within the responsiveness limit. */
  frozen: number;
  /** Longest wait for a frame after a run ended, in milliseconds. */
  slowestFrameMs: number;
  /** What went wrong, one line each. */
  problems: string[];
}

export interface LabStressOptions {
  rounds: number;
  /** A source of numbers in [0, 1): the test's own seeded one makes a round reproducible. */
  random: () => number;
  /**
   * A run that has not ended and whose count has not moved for this long counts as a hang. A
   * run that keeps counting is not hung, however long a loaded machine makes it.
   */
  stallLimitMs?: number;
  /** A page that draws no frame for this long after a run is frozen (the slowest wait is kept). */
  frameLimitMs?: number;
}

type Ending = 'done' | 'cancelled' | 'failed';

/** How the run on screen has ended, or null while it runs (or before any run). */
function ending(page: Page): Promise<Ending | null> {
  return page.evaluate(() => {
    const text = document.querySelector('progress')?.nextElementSibling?.textContent ?? '';
    const match = / · (finished|cancelled|failed) (?:in|after) /.exec(text);
    if (!match) return null;
    return match[1] === 'finished' ? 'done' : (match[1] as 'cancelled' | 'failed');
  });
}

/** What the results panel shows of the run's progress: it changes while the run counts. */
function progressShown(page: Page): Promise<string> {
  return page.evaluate(() => {
    const bar = document.querySelector('progress');
    const trials = document.querySelector('#lab-trials')?.getAttribute('data-value');
    return `${bar?.value ?? ''} ${trials ?? ''}`;
  });
}

/** Milliseconds until the page draws its next frame, or null after `limitMs`. */
async function frameWait(page: Page, limitMs: number): Promise<number | null> {
  const started = Date.now();
  const frame = page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  const timeout = new Promise<'late'>((resolve) => setTimeout(resolve, limitMs, 'late'));
  return (await Promise.race([frame, timeout])) === 'late' ? null : Date.now() - started;
}

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

/**
 * Drives `rounds` runs on a lab page that is already open, with its workers counted
 * (`countWorkers`) and, for Retry to come up, a worker fault injected some of the time.
 */
export async function stressLab(page: Page, options: LabStressOptions): Promise<LabStressFigures> {
  const { rounds, random, stallLimitMs = 30_000, frameLimitMs = 30_000 } = options;
  const figures: LabStressFigures = {
    runs: 0,
    done: 0,
    cancelled: 0,
    failed: 0,
    retries: 0,
    runsWhileEnding: 0,
    hangs: 0,
    unaccounted: 0,
    leakedWorkers: 0,
    frozen: 0,
    slowestFrameMs: 0,
    problems: [],
  };
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  const retry = page.getByRole('alert').getByRole('button', { name: 'Retry' });
  let startedByCancel = false;
  // How each run ended, by round: every run started must end up here exactly once.
  const outcomes = new Map<number, Ending | 'hung'>();
  const settle = (round: number, outcome: Ending | 'hung'): void => {
    const before = outcomes.get(round);
    if (before) figures.problems.push(`run ${round} ended twice: ${before}, then ${outcome}`);
    else if (outcome !== 'hung') figures[outcome]++;
    outcomes.set(round, outcome);
  };

  for (let round = 1; round <= rounds; round++) {
    const last = await ending(page);
    if (!startedByCancel) {
      if (last === 'failed' && random() < 0.7) {
        await retry.click({ timeout: 30_000 });
        figures.retries++;
      } else {
        // New settings for a new run: the fields can be edited only between runs.
        await page
          .getByRole('textbox', { name: 'Trials', exact: true })
          .fill(pick(random, ['2e5', '1e6', '5e6', '2e7', '1e8']));
        await page
          .getByLabel('Method', { exact: true })
          .selectOption(pick(random, ['fast', 'fast', 'literal']));
        await page
          .getByLabel('Strategy', { exact: true })
          .selectOption(pick(random, ['cycle', 'swap', 'random']));
        await run.click({ timeout: 30_000 });
      }
    }
    startedByCancel = false;
    figures.runs++;

    const action = random();
    if (action < 0.45) {
      await page.waitForTimeout(Math.floor(random() * 400));
      // The run may end between the look and the click: then there is nothing to cancel.
      const cancelled = await cancel
        .click({ timeout: 1_000 })
        .then(() => true)
        .catch(() => false);
      if (cancelled) {
        // Half the time the next run starts at once, while this one's workers are ending.
        if (round < rounds && random() < 0.5 && (await run.isEnabled())) {
          const ended = await ending(page);
          if (ended) settle(round, ended);
          const live = await liveWorkers(page);
          if (live > 0) {
            figures.leakedWorkers += live;
            figures.problems.push(`run ${round} was cancelled with ${live} workers still running`);
          }
          await run.click({ timeout: 30_000 });
          figures.runsWhileEnding++;
          startedByCancel = true;
          continue;
        }
      }
    }

    let shown = await progressShown(page);
    let deadline = Date.now() + stallLimitMs;
    let ended = await ending(page);
    while (ended === null && Date.now() < deadline) {
      await page.waitForTimeout(50);
      ended = await ending(page);
      const now = await progressShown(page);
      if (now !== shown) [shown, deadline] = [now, Date.now() + stallLimitMs];
    }
    if (ended === null) {
      settle(round, 'hung');
      figures.hangs++;
      figures.problems.push(`run ${round} counted nothing for ${stallLimitMs} ms and did not end`);
      await cancel.click({ timeout: 1_000 }).catch(() => {});
      continue;
    }
    settle(round, ended);
    const live = await liveWorkers(page);
    if (live > 0) {
      figures.leakedWorkers += live;
      figures.problems.push(`run ${round} ended ${ended} with ${live} workers still running`);
    }
    const wait = await frameWait(page, frameLimitMs);
    if (wait === null) {
      figures.frozen++;
      figures.problems.push(`no frame within ${frameLimitMs} ms after run ${round}`);
    } else figures.slowestFrameMs = Math.max(figures.slowestFrameMs, wait);
  }
  for (let round = 1; round <= figures.runs; round++) {
    if (outcomes.has(round)) continue;
    figures.unaccounted++;
    figures.problems.push(
      `run ${round} never showed its end (done, cancelled or failed) before the next run started`,
    );
  }
  const accounted = figures.done + figures.cancelled + figures.failed + figures.hangs;
  if (accounted + figures.unaccounted !== figures.runs) {
    figures.problems.push(
      `${figures.runs} runs started, but ${figures.done} done + ${figures.cancelled} cancelled + ` +
        `${figures.failed} failed + ${figures.hangs} hung + ${figures.unaccounted} unaccounted ` +
        `make ${accounted + figures.unaccounted}`,
    );
  }
  return figures;
}
