// Pixels as the browser put them on screen: a screenshot, decoded in Node.
import type { Page } from 'playwright-core';
import { decodePng, type Pixels, type Rgb } from '../../tools/browsers/png.ts';

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

/** The colours on screen at the given viewport points. */
export async function pixelsOnScreen(
  page: Page,
  points: { x: number; y: number }[],
): Promise<Rgb[]> {
  const screen = await screenPixels(page);
  return points.map(({ x, y }) => screen.at(x, y));
}

/** A rectangle on screen, in CSS pixels. */
export type Rect = Clip;

/** The share of a rectangle's pixels that differ by more than 40 in some channel between frames. */
export function changedShare(before: Pixels, after: Pixels, rect: Rect): number {
  let changed = 0;
  let all = 0;
  for (let y = Math.ceil(rect.y); y < rect.y + rect.height; y++) {
    for (let x = Math.ceil(rect.x); x < rect.x + rect.width; x++) {
      const [a, b] = [before.at(x, y), after.at(x, y)];
      all++;
      if (a.some((channel, i) => Math.abs(channel - b[i]!) > 40)) changed++;
    }
  }
  return all === 0 ? 0 : changed / all;
}

/** The largest difference in any channel between two colours. */
export const colourDistance = (a: Rgb, b: Rgb): number =>
  Math.max(...a.map((channel, i) => Math.abs(channel - b[i]!)));

/**
 * Regions of pixels that pass `test`, joined through their four neighbours: the centre of each
 * (the mean of its pixels) and its size, largest first; regions under `minSize` are left out.
 */
export function regions(image: Pixels, test: (colour: Rgb) => boolean, minSize: number) {
  const { width, height } = image;
  const seen = new Uint8Array(width * height);
  const found: { x: number; y: number; size: number }[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || !test(image.at(start % width, Math.floor(start / width)))) continue;
    seen[start] = 1;
    const stack = [start];
    let [sumX, sumY, size] = [0, 0, 0];
    while (stack.length > 0) {
      const at = stack.pop()!;
      const [x, y] = [at % width, Math.floor(at / width)];
      sumX += x;
      sumY += y;
      size++;
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        const next = ny * width + nx;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[next]) continue;
        if (!test(image.at(nx, ny))) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    if (size >= minSize) found.push({ x: sumX / size, y: sumY / size, size });
  }
  return found.sort((a, b) => b.size - a.size);
}
