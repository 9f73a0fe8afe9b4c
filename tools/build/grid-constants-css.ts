import type { Plugin } from 'vite';
import {
  COLUMNS,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  ROWS,
  overlayBox,
} from '../../src/features/prisoners/grid/layout.ts';
import { CYCLE_COLOURS, PICKED_COLOUR } from '../../src/features/prisoners/grid/palette.ts';

const ID = 'virtual:grid-constants.css';
const RESOLVED = '/@grid-constants.css';

/**
 * The numbers of the grid's geometry and its palette as CSS: custom properties on :root,
 * and `[data-cycle-colour]` setting `--cycle-colour`. Stylesheets use them, so no component
 * needs an inline style (which the Content-Security-Policy forbids in pre-rendered HTML).
 */
export function gridConstantsCss(): string {
  const percent = (value: number) => `${Math.round(value * 1e4) / 1e4}%`;
  const colours = CYCLE_COLOURS.map(
    (colour, index) => `[data-cycle-colour='${index}'] { --cycle-colour: ${colour}; }`,
  );
  return [
    ':root {',
    `  --grid-columns: ${COLUMNS};`,
    `  --grid-rows: ${ROWS};`,
    `  --grid-aspect-ratio: ${FRAME_WIDTH} / ${FRAME_HEIGHT};`,
    `  --grid-overlay-left: ${percent(overlayBox.left)};`,
    `  --grid-overlay-top: ${percent(overlayBox.top)};`,
    `  --grid-overlay-width: ${percent(overlayBox.width)};`,
    `  --grid-overlay-height: ${percent(overlayBox.height)};`,
    `  --picked-colour: ${PICKED_COLOUR};`,
    '}',
    ...colours,
    '',
  ].join('\n');
}

/** Serves gridConstantsCss() as the stylesheet `virtual:grid-constants.css`. */
export function gridConstants(): Plugin {
  return {
    name: 'portfolio:grid-constants',
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? gridConstantsCss() : undefined),
  };
}
