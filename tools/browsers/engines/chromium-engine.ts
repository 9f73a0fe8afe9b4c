import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../chromium.ts';
import { decodePng } from '../png.ts';
import { KEY_VALUES, type Engine, type EnginePage } from './engine-page.ts';

function chromiumPage(context: BrowserContext, page: Page): EnginePage {
  return {
    engine: 'chromium',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    evaluate: (expression) => page.evaluate(expression),
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(KEY_VALUES[key]),
    screenshot: async () => decodePng(await page.screenshot()),
    close: () => context.close(),
  };
}

/** Debian's Chromium, headless, with software WebGL. */
export async function chromiumEngine(): Promise<Engine> {
  const browser: Browser = await launchChromium();
  return {
    name: 'chromium',
    newPage: async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      return chromiumPage(context, await context.newPage());
    },
    close: () => browser.close(),
  };
}
