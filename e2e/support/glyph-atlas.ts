// The lids' glyph atlas as a browser draws it, with the browser's own fonts: the module is
// compiled here and run in the page, and the ink of every glyph's cell is measured there.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { transform } from 'esbuild';

const ATLAS_MODULE = new URL('../../src/features/prisoners/grid/label-atlas.ts', import.meta.url);

/** Where the ink is in one cell of the atlas, in px from the cell's top left; null if none. */
export interface CellInk {
  row: number;
  glyph: number;
  ink: { left: number; right: number; top: number; bottom: number } | null;
}

/**
 * Draws the atlas in the page (a canvas of the page's document) and returns, for every cell, the
 * rectangle its ink covers (any alpha), the cell's side and the digits' ink middle the placement
 * aims for.
 */
export async function atlasInPage(page: Page): Promise<{ cell: number; cells: CellInk[] }> {
  const { code } = await transform(await readFile(ATLAS_MODULE, 'utf8'), {
    loader: 'ts',
    format: 'iife',
    globalName: 'labelAtlas',
  });
  return page.evaluate(`(() => {
    ${code}
    const { createGlyphAtlas, GLYPHS, GLYPH_CELL, WEIGHTS } = labelAtlas;
    const { canvas } = createGlyphAtlas();
    const { data, width } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const cells = [];
    for (let row = 0; row < WEIGHTS.length; row++) {
      for (let glyph = 0; glyph < GLYPHS.length; glyph++) {
        let ink = null;
        for (let y = 0; y < GLYPH_CELL; y++) {
          for (let x = 0; x < GLYPH_CELL; x++) {
            const alpha = data[((row * GLYPH_CELL + y) * width + glyph * GLYPH_CELL + x) * 4 + 3];
            if (alpha === 0) continue;
            ink = ink ?? { left: x, right: x + 1, top: y, bottom: y + 1 };
            ink.left = Math.min(ink.left, x);
            ink.right = Math.max(ink.right, x + 1);
            ink.top = Math.min(ink.top, y);
            ink.bottom = Math.max(ink.bottom, y + 1);
          }
        }
        cells.push({ row, glyph, ink });
      }
    }
    return { cell: GLYPH_CELL, cells };
  })()`);
}
