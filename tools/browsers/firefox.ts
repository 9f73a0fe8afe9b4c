import puppeteer, { type Browser } from 'puppeteer-core';
import { startVirtualDisplay, type VirtualDisplay } from './xvfb.ts';

/** Debian's Firefox ESR, or the browser named by FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxSession {
  browser: Browser;
  /** The X display the window is on: a grab of it shows what a visitor sees. */
  screen: VirtualDisplay;
  close(): Promise<void>;
}

/**
 * Starts Firefox through puppeteer-core over WebDriver BiDi, in a window on an X display of its
 * own: without one it has no WebGL, and its own screenshots can show a canvas drawn in a worker
 * as blank, where a grab of the display shows what is on screen.
 */
export async function launchFirefox(width = 1280, height = 900): Promise<FirefoxSession> {
  // The window fills its screen, with room for its toolbars around a viewport of this size.
  const [screenWidth, screenHeight] = [width + 120, height + 200];
  const screen = await startVirtualDisplay(screenWidth, screenHeight);
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: false,
      defaultViewport: null,
      args: [`--width=${screenWidth}`, `--height=${screenHeight}`],
      env: { ...process.env, DISPLAY: screen.display, MOZ_CRASHREPORTER_DISABLE: '1' },
      extraPrefsFirefox: {
        // A closed network: nothing to update, report or fetch in the background.
        'app.update.enabled': false,
        'browser.shell.checkDefaultBrowser': false,
        'datareporting.policy.dataSubmissionEnabled': false,
        'toolkit.telemetry.enabled': false,
      },
    });
    return {
      browser,
      screen,
      close: async () => {
        await browser.close().catch(() => {});
        await screen.close();
      },
    };
  } catch (error) {
    await screen.close();
    throw error;
  }
}
