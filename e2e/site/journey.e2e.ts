import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projects } from '../../src/content/projects.ts';
import { sharedBrowser, visit, waitForHeading, withPage } from '../support/browser.ts';

const browser = sharedBrowser();

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName ?? '',
      text: element?.textContent?.trim() ?? '',
      outline: element ? getComputedStyle(element).outlineStyle : '',
    };
  });

describe('moving around the site', () => {
  it('opens a new page at its top, and Back returns to where the visitor was', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      const fifth = projects[4]!;
      const card = page.getByRole('article').nth(4);
      await card.scrollIntoViewIfNeeded();
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(1000);
      await card.getByRole('link', { name: `Read more about ${fifth.title}` }).click();
      await waitForHeading(page, fifth.title);
      expect(await scrollY(page)).toBe(0);

      // A footer link at the bottom of that page also opens the next page at its top.
      await page.keyboard.press('End');
      await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
      await page
        .getByRole('navigation', { name: 'Footer' })
        .getByRole('link', { name: 'Resume' })
        .click();
      await waitForHeading(page, 'Resume');
      expect(await scrollY(page)).toBe(0);

      await page.goBack();
      await waitForHeading(page, fifth.title);
      await page.goBack();
      await waitForHeading(page, "Hi, I'm Sindre.");
      await expect.poll(() => scrollY(page)).toBe(before);
      await page.goForward();
      await waitForHeading(page, fifth.title);
      expect(problems).toEqual([]);
    }));

  it('opens a page loaded afresh at its top, and a reload where the visitor was', () =>
    withPage(browser, { width: 375, height: 740 }, async ({ page, problems }) => {
      await visit(page, '/');
      await page.getByRole('article').nth(3).scrollIntoViewIfNeeded();
      await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
      // A full page load of another page (typed, or from another site) is a new visit.
      await visit(page, '/projects/css-art/');
      expect(await scrollY(page)).toBe(0);
      await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
      await expect.poll(() => scrollY(page)).toBe(600);
      const before = await scrollY(page);
      await page.reload();
      await waitForHeading(page, 'CSS Art: Gamle Bybro at night');
      await expect.poll(() => scrollY(page)).toBe(before);
      expect(problems).toEqual([]);
    }));

  it('lands on the target of an in-page link from another page, below the header', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/projects/css-art/');
      await page.getByRole('link', { name: 'All projects' }).click();
      await page.waitForURL('**/#projects');
      await waitForHeading(page, "Hi, I'm Sindre.");
      const top = await page.locator('#projects').evaluate((el) => el.getBoundingClientRect().top);
      const header = await page.locator('header').first().boundingBox();
      expect(top).toBeGreaterThanOrEqual(header!.height - 1);
      expect(top).toBeLessThan(header!.height + 40);
      expect(problems).toEqual([]);
    }));

  it('moves focus to the new page heading, with no ring for a pointer click', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Contact' })
        .click();
      await waitForHeading(page, 'Contact');
      expect(await focusedElement(page)).toEqual({ tag: 'H1', text: 'Contact', outline: 'none' });
      // From the keyboard the heading shows where focus went.
      const resume = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Resume' });
      await resume.focus();
      await page.keyboard.press('Enter');
      await waitForHeading(page, 'Resume');
      const focused = await focusedElement(page);
      expect(focused).toMatchObject({ tag: 'H1', text: 'Resume' });
      expect(focused.outline).toBe('solid');
      expect(problems).toEqual([]);
    }));

  it('keeps the header and its menu within reach on a long phone page', () =>
    withPage(browser, { width: 375, height: 740 }, async ({ page, problems }) => {
      await visit(page, '/');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const header = page.locator('header').first();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(4000);
      expect((await header.boundingBox())?.y).toBe(0);
      expect(await toggle.isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 1200));
      expect((await header.boundingBox())?.y).toBe(0);
      await toggle.click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Resume' })
        .click();
      await waitForHeading(page, 'Resume');
      expect(problems).toEqual([]);
    }));

  it('opens a project from its card title and picture, with one link per card', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      const cards = page.getByRole('article');
      for (const [index, project] of projects.entries()) {
        const links = await cards
          .nth(index)
          .getByRole('link')
          .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
        expect(links.filter((href) => href === `/projects/${project.link}/`)).toHaveLength(1);
      }
      // A real click where the title and the picture are (Read more stretches over the card).
      const clickOn = async (element: ReturnType<Page['locator']>) => {
        await element.scrollIntoViewIfNeeded();
        const box = (await element.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      };
      const second = projects[1]!;
      await clickOn(cards.nth(1).getByRole('heading', { name: second.title }));
      await waitForHeading(page, second.title);
      await page.goBack();
      await waitForHeading(page, "Hi, I'm Sindre.");
      const first = projects[0]!;
      await clickOn(cards.nth(0).getByRole('img', { name: first.alt }));
      await waitForHeading(page, first.title);
      expect(problems).toEqual([]);
    }));
});

describe('project pages', () => {
  it('each shows its own position and leads to the real next project', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      for (const [index, project] of projects.entries()) {
        const next = projects[(index + 1) % projects.length]!;
        await visit(page, `/projects/${project.link}/`);
        // The simulation's page opens with the simulation, not with the position.
        const position = project.link === 'prisoner' ? 0 : 1;
        await expect(page.getByText(`Project 0${index + 1} of 06`).count()).resolves.toBe(position);
        const link = page.getByRole('navigation', { name: 'Next project' }).getByRole('link');
        expect(await link.getAttribute('href')).toBe(`/projects/${next.link}/`);
        expect(await link.textContent()).toContain(next.title);
      }
      expect(problems).toEqual([]);
    }));
});

describe('the printed resume', () => {
  it('prints as at most two A4 pages, led by the contact line, without the site frame', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/resume/');
      expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(
        true,
      );
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect(pages.length).toBeGreaterThanOrEqual(1);
      expect(pages.length).toBeLessThanOrEqual(2);

      await page.emulateMedia({ media: 'print' });
      const contact = page.locator('address');
      expect(await contact.isVisible()).toBe(true);
      expect((await contact.textContent())?.replace(/\s+/g, ' ')).toBe(
        'Sindre Haugland · sindre.haugland@proton.me · github.com/sindrehaugland · linkedin.com/in/sindrehaugland',
      );
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await page.locator('footer').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(
        false,
      );
      // Black on white: every text of the page prints black.
      const colours = await page
        .locator('main h1, main h2, main h3, main p, main time')
        .evaluateAll((elements) => [...new Set(elements.map((el) => getComputedStyle(el).color))]);
      expect(colours).toEqual(['rgb(0, 0, 0)']);
      expect(problems).toEqual([]);
    }));
});
