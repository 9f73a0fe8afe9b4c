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

/**
 * The share of a box's squares of `block` × `block` pixels whose mean colour differs between two
 * screenshots by more than `tolerance` (summed over red, green and blue). Means of squares, not
 * single pixels: the board drawn again at another pixel ratio (its quality following the
 * machine's frame times) antialiases every edge afresh, which moves single pixels all over the
 * board but no square's mean by much; a lid that opens or a slip that rises changes whole squares.
 */
export function changedSquares(a: Pixels, b: Pixels, box: Rect, block = 8, tolerance = 48): number {
  let changed = 0;
  let squares = 0;
  for (let top = box.y; top + block <= box.y + box.height; top += block) {
    for (let left = box.x; left + block <= box.x + box.width; left += block) {
      const difference = [0, 0, 0];
      for (let y = top; y < top + block; y++) {
        for (let x = left; x < left + block; x++) {
          const [p, q] = [a.at(x, y), b.at(x, y)];
          for (let channel = 0; channel < 3; channel++) {
            difference[channel]! += p[channel]! - q[channel]!;
          }
        }
      }
      const distance = difference.reduce((sum, value) => sum + Math.abs(value), 0);
      if (distance / (block * block) > tolerance) changed++;
      squares++;
    }
  }
  return squares === 0 ? 0 : changed / squares;
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
