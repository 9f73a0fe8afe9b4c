// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneColours } from './scene-colours.ts';

const hex = (theme: 'light' | 'dark', part: keyof typeof sceneColours.light) =>
  `#${sceneColours[theme][part].getHexString()}`;

/** The DOM grid's colour for a part in both themes, from its `light-dark()` in the stylesheet. */
function boardCss(name: string): [string, string] {
  const css = readFileSync(
    resolve(process.cwd(), 'src/features/prisoners/grid/box-grid.module.css'),
    'utf8',
  );
  const match = new RegExp(`--board-${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`).exec(
    css,
  );
  if (!match) throw new Error(`box-grid.module.css has no --board-${name}`);
  return [match[1]!, match[2]!];
}

describe('the board’s colours', () => {
  it('keep the light theme’s boxes as they were and dim them in the dark one', () => {
    const boxParts = ['body', 'lid', 'slip'] as const;
    expect(boxParts.map((part) => hex('light', part))).toEqual(['#a48fb5', '#f4eff7', '#fffaf0']);
    expect(boxParts.map((part) => hex('dark', part))).toEqual(['#8a779c', '#d9cfe2', '#ebe4d6']);
  });

  it('keep the marks and inks of the light theme in the dark one', () => {
    for (const part of [
      'lidInk',
      'slipInk',
      'found',
      'picked',
      'missed',
      'path',
      'pathFailed',
      'pathFound',
    ] as const) {
      expect(hex('dark', part), part).toBe(hex('light', part));
    }
  });

  it('are the DOM grid’s, so the flat board looks like the 3D one in either theme', () => {
    expect(boardCss('lid')).toEqual([hex('light', 'lid'), hex('dark', 'lid')]);
    expect(boardCss('slip')).toEqual([hex('light', 'slip'), hex('dark', 'slip')]);
  });
});
