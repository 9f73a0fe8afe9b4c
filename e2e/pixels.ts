// Pixels as the browser put them on screen: a screenshot, decoded in a blank page of its own.
import type { Page } from 'playwright-core';

export type Rgb = [number, number, number];

/** The colours on screen at the given viewport points (CSS pixels, device scale 1). */
export async function pixelsOnScreen(
  page: Page,
  points: { x: number; y: number }[],
): Promise<Rgb[]> {
  const png = (await page.screenshot()).toString('base64');
  // A page of the same browser context, without the site's policy, decodes it.
  const decoder = await page.context().newPage();
  try {
    return await decoder.evaluate(
      async ({ data, points }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return points.map(({ x, y }) => {
          const [r, g, b] = context.getImageData(Math.round(x), Math.round(y), 1, 1).data;
          return [r!, g!, b!] as [number, number, number];
        });
      },
      { data: png, points },
    );
  } finally {
    await decoder.close();
  }
}
