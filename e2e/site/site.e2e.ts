import { describe, expect, it } from 'vitest';
import { sharedBrowser, visit, waitForHeading, withPage } from '../support/browser.ts';
import { tabThrough } from '../support/keyboard.ts';

const browser = sharedBrowser();

describe('unmatched routes', () => {
  it.each(['/nope', '/projects/a/b/c', '/resume/extra', '/projects/AI_tool/extra', '/img'])(
    '%s shows the error screen with a way home and a working navigation bar',
    async (path) => {
      await withPage(browser, {}, async ({ page }) => {
        await visit(page, path);
        expect(await page.locator('main h1').textContent()).toBe('Unexpected Application Error!');
        expect(await page.getByRole('link', { name: 'Back to the home page' }).count()).toBe(1);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Resume' })
          .click();
        await page.waitForURL('**/resume/');
        await waitForHeading(page, 'Resume');
        expect(await page.locator('main h1').textContent()).toBe('Resume');
      });
    },
  );
});

describe('navigation', () => {
  it('at 375 px the links hide behind a menu toggle that opens and closes', () =>
    withPage(browser, { width: 375, height: 740 }, async ({ page, problems }) => {
      await visit(page, '/');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const resume = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Resume' });
      expect(await toggle.isVisible()).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const menuId = await toggle.getAttribute('aria-controls');
      expect(await page.locator(`#${menuId}`).count()).toBe(1);
      expect(await resume.isVisible()).toBe(false);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await resume.isVisible()).toBe(true);
      // Focus moved into the menu.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('AI tool');

      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await resume.isVisible()).toBe(false);
      expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

      await toggle.click();
      await toggle.click();
      expect(await resume.isVisible()).toBe(false);

      await toggle.click();
      await resume.click();
      await page.waitForURL('**/resume/');
      await waitForHeading(page, 'Resume');
      expect(await page.locator('main h1').textContent()).toBe('Resume');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await resume.isVisible()).toBe(false);
      expect(problems).toEqual([]);
    }));

  it('the collapsed menu opens from the keyboard and all its links are reachable', () =>
    withPage(browser, { width: 375, height: 740 }, async ({ page, problems }) => {
      await visit(page, '/');
      const toggle = page.locator('header button[aria-expanded]');
      await expect(toggle.count()).resolves.toBe(1);
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      // Tab to the toggle, as a keyboard user would, and open it with Enter.
      for (let press = 0; press < 20; press++) {
        await page.keyboard.press('Tab');
        if (await toggle.evaluate((element) => element === document.activeElement)) break;
      }
      await expect(toggle.evaluate((element) => element === document.activeElement)).resolves.toBe(
        true,
      );
      await page.keyboard.press('Enter');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      // The open menu keeps focus inside itself, so its own links are what Tab must reach.
      const menuId = await toggle.getAttribute('aria-controls');
      const { controls, unreached, invisible } = await tabThrough(page, `#${menuId}`);
      expect(controls.length).toBeGreaterThanOrEqual(3);
      expect(unreached, 'menu links Tab never reached').toEqual([]);
      expect(invisible, 'focus without a visible indicator').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      expect(problems).toEqual([]);
    }));

  it('at 1280 px the links are always visible and there is no toggle', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/');
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['AI tool', 'Resume', 'Contact']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      await nav.getByRole('link', { name: 'AI tool' }).click();
      await page.waitForURL('**/projects/AI_tool/');
    }));
});

describe('links and interactions', () => {
  it('contact page has the e-mail link and three socials that change colour on hover and focus', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/contact');
      expect(await page.locator('main a[href^="mailto:"]').getAttribute('href')).toBe(
        'mailto:sindre.haugland@proton.me',
      );
      const main = page.getByRole('main');
      for (const name of ['GitHub', 'Instagram', 'LinkedIn']) {
        const link = main.getByRole('link', { name: new RegExp(`^${name}`) });
        expect(await link.getAttribute('target')).toBe('_blank');
        const colours = () =>
          link.evaluate((a) => {
            const icon = a.querySelector('svg');
            const title = a.querySelector('[class*="title"]');
            return [
              icon ? getComputedStyle(icon).color : '',
              title ? getComputedStyle(title).color : '',
            ];
          });
        const before = await colours();
        // The colours change in a transition: poll until they differ, or the poll times out.
        await link.hover();
        await expect
          .poll(async () => (await colours())[0], { message: `${name} icon on hover` })
          .not.toBe(before[0]);
        await expect
          .poll(async () => (await colours())[1], { message: `${name} title on hover` })
          .not.toBe(before[1]);
        await page.mouse.move(0, 0);
        await link.focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await expect
          .poll(async () => (await colours())[1], { message: `${name} title on focus` })
          .not.toBe(before[1]);
      }
    }));

  it('resume lists dated entries in the three sections', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/resume');
      for (const heading of ['Academic Contributions', 'Education', 'Work Experience']) {
        const section = page.getByRole('region', { name: heading });
        expect(await section.locator('li time').count(), heading).toBeGreaterThanOrEqual(3);
      }
      const dates = await page
        .locator('time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
      for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}$/);
    }));

  it('technology icons show their names on hover and hide on a press elsewhere', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/projects/css-art');
      const button = page.getByRole('button', { name: 'Sass' });
      const tooltipId = await button.getAttribute('aria-describedby');
      const tooltip = page.locator(`[id="${tooltipId}"]`);
      expect(await tooltip.getAttribute('role')).toBe('tooltip');
      expect(await tooltip.isVisible()).toBe(false);
      await button.hover();
      await expect.poll(() => tooltip.isVisible()).toBe(true);
      expect(await tooltip.textContent()).toBe('Sass');
      await button.click();
      await page.mouse.move(5, 400);
      expect(await tooltip.isVisible()).toBe(true);
      await page.mouse.down();
      await page.mouse.up();
      await expect.poll(() => tooltip.isVisible()).toBe(false);
    }));

  it('the avatar turns white after resting the pointer on it', () =>
    withPage(browser, {}, async ({ page }) => {
      // The 500 ms delay itself is checked with fake timers in avatar.test.tsx.
      await visit(page, '/');
      const avatar = page.getByRole('img', { name: /portrait of Sindre Haugland/ });
      expect(await avatar.getAttribute('src')).toBe('/img/avatar.svg');
      await avatar.hover();
      await expect.poll(() => avatar.getAttribute('src')).toBe('/img/avatar-white.svg');
      await page.mouse.move(5, 5);
      await expect.poll(() => avatar.getAttribute('src')).toBe('/img/avatar.svg');
    }));

  it('the segment display project’s clock shows the page’s own time', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/projects/segment-display');
      await page.getByRole('heading', { name: 'Playground' }).waitFor();
      const shown = (name: string) =>
        page
          .locator('article, section, main')
          .getByRole('heading', { name })
          .locator('xpath=..')
          .locator('[role="img"]')
          .first();
      await expect.poll(() => shown('Clock mode').getAttribute('data-clock')).toBe('true');
      // The clock block is "!#msdD" with short weekdays: HH:MM:SS, the weekday, dd.mm.yy. Watch
      // for its next change and note the page's clock around it: it shows a second of that span.
      const reading = await shown('Clock mode').evaluate(
        (element) =>
          new Promise<{ text: string; from: number; to: number }>((resolve) => {
            const from = Date.now();
            const observer = new MutationObserver(() => {
              observer.disconnect();
              resolve({ text: element.getAttribute('data-shown') ?? '', from, to: Date.now() });
            });
            observer.observe(element, { attributes: true, attributeFilter: ['data-shown'] });
          }),
      );
      const two = (value: number) => String(value).padStart(2, '0');
      const clockText = (at: Date) =>
        [
          `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`,
          at.toLocaleDateString('en-GB', { weekday: 'short' }).toUpperCase(),
          `${two(at.getDate())}.${two(at.getMonth() + 1)}.${two(at.getFullYear() % 100)}`,
        ].join(' ');
      const candidates: string[] = [];
      // From the second before the watch began (the change may have been under way) to its end.
      for (let at = Math.floor(reading.from / 1000) * 1000 - 1000; at <= reading.to; at += 1000) {
        candidates.push(clockText(new Date(at)));
      }
      expect(candidates).toContain(reading.text);
      expect(problems).toEqual([]);
    }));
});
