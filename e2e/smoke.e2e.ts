import { describe, expect, it } from 'vitest';
import { sharedBrowser, visit, withPage } from './browser.ts';

const browser = sharedBrowser();

describe('error screen', () => {
  it.each(['/nope', '/projects/a/b/c', '/resume/extra'])(
    'shows the error screen for %s',
    async (path) => {
      await withPage(browser, {}, async ({ page }) => {
        await visit(page, path);
        await expect(page.locator('main h1').textContent()).resolves.toBe(
          'Unexpected Application Error!',
        );
        await expect(
          page.getByRole('link', { name: 'Back to the home page' }).count(),
        ).resolves.toBe(1);
        await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(1);
      });
    },
  );
});
