// The lab page's results as browser tests read them: the progress bar, the trials counted and
// the named outputs.
import type { Page } from 'playwright-core';

export const LAB = '/projects/prisoner/lab';

/** The run's progress, 0 to 100. */
export async function progress(page: Page): Promise<number> {
  return page
    .getByRole('progressbar', { name: 'Run progress' })
    .evaluate((element) => (element as HTMLProgressElement).value);
}

/** Trials counted so far, as a number (the page shows them grouped: 1,000,000). */
export async function trialCount(page: Page): Promise<number> {
  return Number(await page.locator('#lab-trials').getAttribute('data-value'));
}

/** In the page (page.waitForFunction): whether the run has counted any trials yet. */
export const trialsCounted = () =>
  Number(document.querySelector<HTMLElement>('#lab-trials')?.dataset.value) > 0;

/** The text of one of the results' outputs, by its name. */
export async function outputText(page: Page, name: string): Promise<string> {
  return (await page.getByRole('status', { name, exact: true }).textContent()) ?? '';
}
