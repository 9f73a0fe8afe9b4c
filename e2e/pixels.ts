// Pixels as the browser put them on screen: a screenshot, decoded in Node.
import type { Locator, Page } from 'playwright-core';
import { decodePng, type Pixels, type Rgb } from './png.ts';

export type { Pixels, Rgb };

/** A rectangle of the viewport, in CSS pixels (device scale 1). */
export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the viewport shows now, or the part of it inside `clip`. */
export async function screenPixels(page: Page, clip?: Clip): Promise<Pixels> {
  return decodePng(await page.screenshot(clip ? { clip } : {}));
}

/** What an element shows now (scrolled into view first). */
export async function elementPixels(element: Locator): Promise<Pixels> {
  return decodePng(await element.screenshot());
}

/** The colours on screen at the given viewport points. */
export async function pixelsOnScreen(
  page: Page,
  points: { x: number; y: number }[],
): Promise<Rgb[]> {
  const screen = await screenPixels(page);
  return points.map(({ x, y }) => screen.at(x, y));
}
