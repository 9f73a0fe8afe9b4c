import { By, Key as WebDriverKey } from 'selenium-webdriver';
import { launchWebKit } from '../webkit.ts';
import { viewportOfScreen, type Engine, type EnginePage, type Key } from './engine-page.ts';

const KEYS: Record<Key, string> = {
  Enter: WebDriverKey.ENTER,
  Space: WebDriverKey.SPACE,
  Tab: WebDriverKey.TAB,
  Escape: WebDriverKey.ESCAPE,
  ArrowRight: WebDriverKey.ARROW_RIGHT,
  ArrowDown: WebDriverKey.ARROW_DOWN,
};

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver: one window, so one page at a time. WebKit has
 * no WebGL in workers, so the board draws on the page. Screenshots are grabs of its display, as in
 * Firefox: the driver's own showed the board blank at times under load.
 */
export async function webkitEngine(): Promise<Engine> {
  const { driver, screen, close } = await launchWebKit();
  const page: EnginePage = {
    engine: 'webkit',
    goto: async (url) => {
      await driver.get(url);
    },
    setViewport: async (width, height) => {
      // The window's size includes MiniBrowser's toolbar: grow it until the viewport fits.
      const [innerWidth, innerHeight] = await driver.executeScript<[number, number]>(
        'return [innerWidth, innerHeight]',
      );
      const rect = await driver.manage().window().getRect();
      await driver
        .manage()
        .window()
        .setRect({
          width: rect.width + width - innerWidth,
          height: rect.height + height - innerHeight,
        });
    },
    evaluate: (expression) => driver.executeScript(`return (${expression});`),
    click: async (selector) => {
      await driver.findElement(By.css(selector)).click();
    },
    press: async (key) => {
      await driver.actions().sendKeys(KEYS[key]).perform();
    },
    // The viewport sits below MiniBrowser's toolbar, in a window with no frame (no window
    // manager runs on the display).
    screenshot: async () =>
      viewportOfScreen(
        screen,
        await driver.executeScript<[number, number, number, number]>(
          'return [screenX + outerWidth - innerWidth, screenY + outerHeight - innerHeight, innerWidth, innerHeight]',
        ),
      ),
    close: async () => {
      await driver.get('about:blank');
    },
  };
  return { name: 'webkit', newPage: async () => page, close };
}
