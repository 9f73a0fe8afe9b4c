import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser, visit, waitForHeading, withPage } from '../support/browser.ts';
import { tabThrough } from '../support/keyboard.ts';
import { routeHeading } from '../support/site-pages.ts';

const browser = sharedBrowser();

/** The page's paper in each theme (global.css). */
const PAPER = { light: 'rgb(245, 245, 245)', dark: 'rgb(18, 16, 21)' } as const;
const paperOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
/** The links of the main navigation that say they are the current page, by name. */
const currentLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .locator('a[aria-current="page"]')
    .evaluateAll((links) => links.map((link) => link.textContent));

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
      const simulation = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: '100 prisoners' });
      expect(await simulation.isVisible()).toBe(true);
      expect(await simulation.getAttribute('href')).toBe('/projects/prisoner/');
      expect(await currentLinks(page)).toEqual(['SHSindre Haugland, home page']);
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
      expect(await currentLinks(page)).toEqual(['Resume']);
      await toggle.click();
      await simulation.click();
      await waitForHeading(page, '100 prisoners simulation');
      expect(await currentLinks(page)).toEqual(['100 prisoners']);
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

  it('at 1280 px the links are always visible and there is no toggle; the current page’s is marked; the first Tab reaches a visible skip link to the content', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      // In view and on top of the header, not merely in the page.
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(65);
      expect(
        await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
        }),
      ).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(new URL(page.url()).hash).toBe('');
      // The next Tab goes on inside the page's content, past the header.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
      ).toBe(true);

      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['AI tool', '100 prisoners', 'Resume', 'Contact']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      expect(await currentLinks(page)).toEqual(['SHSindre Haugland, home page']);
      await nav.getByRole('link', { name: 'AI tool' }).click();
      await page.waitForURL('**/projects/AI_tool/');
      await waitForHeading(page, routeHeading('/projects/AI_tool/'));
      expect(await currentLinks(page)).toEqual(['AI tool']);
      expect(problems).toEqual([]);
    }));
});

describe('the theme', () => {
  it('the header’s switch shows a theme at once, and a later visit is painted in it from the first frame, before the app runs', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/contact/');
      expect(await paperOf(page)).toBe(PAPER.light);
      const choose = (name: string) =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('radio', { name }).check();
      await choose('Dark');
      expect(await paperOf(page)).toBe(PAPER.dark);

      // Held back, the app cannot act: only the head's script can paint the stored choice.
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          const root = document.documentElement;
          Object.assign(window, {
            firstFrame: {
              theme: root.dataset.theme ?? null,
              paper: getComputedStyle(root).backgroundColor,
            },
          });
        });
      });
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.reload();
      await page.waitForFunction(() => 'firstFrame' in window);
      expect(await page.evaluate(() => (window as { firstFrame?: unknown }).firstFrame)).toEqual({
        theme: 'dark',
        paper: PAPER.dark,
      });
      const heading = page.locator('main h1');
      expect(
        await heading.evaluate((h1) => Object.keys(h1).some((key) => key.startsWith('__react'))),
      ).toBe(false);
      // The switch marks the choice from the pre-rendered page on.
      const marks = await page
        .locator('header input[name="theme"]')
        .evaluateAll((inputs) =>
          inputs.map((input) => [
            (input as HTMLInputElement).value,
            getComputedStyle(input).backgroundColor,
          ]),
        );
      expect(marks).toEqual([
        ['system', 'rgba(0, 0, 0, 0)'],
        ['light', 'rgba(0, 0, 0, 0)'],
        ['dark', 'rgb(227, 166, 242)'],
      ]);

      // A later visit with the app: the choice is checked; the system's choice follows the system.
      await page.unrouteAll();
      await visit(page, '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
      expect(await paperOf(page)).toBe(PAPER.dark);
      await choose('System');
      expect(await paperOf(page)).toBe(PAPER.light);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await paperOf(page)).toBe(PAPER.dark);
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
