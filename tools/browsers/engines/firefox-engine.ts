import type { Page } from 'puppeteer-core';
import { launchFirefox } from '../firefox.ts';
import { KEY_VALUES, type Engine, type EnginePage } from './engine-page.ts';
import { withReader } from './engine-page.ts';

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
    screenshot: async () => {
      const [left, top, width, height] = (await page.evaluate(
        '[mozInnerScreenX, mozInnerScreenY, innerWidth, innerHeight].map(Math.round)',
      )) as [number, number, number, number];
      const screen = await session.screen.grab();
      const data = new Uint8Array(width * height * 4);
      for (let y = 0; y < height; y++) {
        const from = ((top + y) * screen.width + left) * 4;
        data.set(screen.data.subarray(from, from + width * 4), y * width * 4);
      }
      return withReader(width, height, data);
    },
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
