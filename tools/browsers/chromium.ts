import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, or the browser named by CHROMIUM_PATH: every script and test uses this one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, sandbox-free (the tests run as root), quiet on a closed network, and with software
 * WebGL (SwiftShader) so the 3D grid renders without a GPU.
 */
export const chromiumFlags = [
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

/**
 * Flags that give Chromium WebGPU on SwiftShader, the software Vulkan driver it ships with, where
 * the machine has no GPU.
 */
export const WITH_WEBGPU = [
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-webgpu-adapter=swiftshader',
];

/** Flags that leave Chromium without WebGL: with no GPU, no software rasteriser either. */
export const WITHOUT_WEBGL = ['--disable-software-rasterizer'];
