import type { Page } from 'puppeteer-core';
import { launchFirefox } from '../firefox.ts';
import { KEY_VALUES, viewportOfScreen, type Engine, type EnginePage } from './engine-page.ts';

/**
 * Firefox ESR in a window on its own X display. Screenshots are grabs of that display cropped to
 * the viewport: Firefox's own screenshots can miss what a worker has drawn on a canvas.
 */
export async function firefoxEngine(): Promise<Engine> {
  const session = await launchFirefox();
  const firefoxPage = (page: Page): EnginePage => ({
    engine: 'firefox',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    click: (selector) => page.click(selector),
    press: (key) =>
      page.keyboard.press(KEY_VALUES[key] as Parameters<Page['keyboard']['press']>[0]),
    screenshot: async () =>
      viewportOfScreen(
        session.screen,
        (await page.evaluate(
          '[mozInnerScreenX, mozInnerScreenY, innerWidth, innerHeight].map(Math.round)',
        )) as [number, number, number, number],
      ),
    close: () => page.close(),
  });
  return {
    name: 'firefox',
    newPage: async () => {
      const page = await session.browser.newPage();
      await page.bringToFront();
      return firefoxPage(page);
    },
    close: () => session.close(),
  };
}
