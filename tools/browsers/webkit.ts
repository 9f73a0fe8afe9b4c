import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { startVirtualDisplay, type VirtualDisplay } from './xvfb.ts';

/** WebKitGTK's driver and browser from Debian's webkit2gtk-driver, or the ones named here. */
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export interface WebKitSession {
  driver: WebDriver;
  /** The X display the window is on (MiniBrowser has no headless mode). */
  screen: VirtualDisplay;
  close(): Promise<void>;
}

/** A free local TCP port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until the driver answers its status request. */
async function driverReady(url: string, process: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (process.exitCode !== null) throw new Error(`WebKitWebDriver exited (${process.exitCode}).`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('WebKitWebDriver did not start.');
}

/**
 * Starts MiniBrowser (WebKitGTK, the engine family of Safari) through WebKitWebDriver and classic
 * WebDriver, in a window on an X display of its own. Windows narrower than 447 px are not
 * possible: phone widths are tested in the other engines.
 */
export async function launchWebKit(width = 1280, height = 900): Promise<WebKitSession> {
  const screen = await startVirtualDisplay(width + 120, height + 200);
  const port = await freePort();
  const server = spawn(webkitDriverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: screen.display },
    stdio: 'ignore',
  });
  const stop = async () => {
    server.kill();
    await screen.close();
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await driverReady(url, server);
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
      })
      .build();
    await driver.manage().window().setRect({ x: 0, y: 0, width, height });
    return {
      driver,
      screen,
      close: async () => {
        await driver.quit().catch(() => {});
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
