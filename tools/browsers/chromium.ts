import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, or the browser named by CHROMIUM_PATH: every script and test uses this one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, sandbox-free (the tests run as root), quiet on a closed network, and with software
 * WebGL (SwiftShader) so the 3D grid renders without a GPU.
 */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Starts Chromium through playwright-core with the flags above and any extra ones. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags, ...extraArgs] });
}
