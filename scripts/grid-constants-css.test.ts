// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gridConstantsCss } from './grid-constants-css.ts';

describe('grid constants as CSS', () => {
  it('states the geometry, the picked box’s colour and one colour rule per cycle colour', () => {
    expect(gridConstantsCss()).toBe(
      [
        ':root {',
        '  --grid-columns: 10;',
        '  --grid-rows: 10;',
        '  --grid-aspect-ratio: 10.6 / 9.58048096156426;',
        '  --grid-overlay-left: 2.8302%;',
        '  --grid-overlay-top: 5.7408%;',
        '  --grid-overlay-width: 94.3396%;',
        '  --grid-overlay-height: 88.5183%;',
        '  --picked-colour: #ffd166;',
        '}',
        "[data-cycle-colour='0'] { --cycle-colour: #D55E00; }",
        "[data-cycle-colour='1'] { --cycle-colour: #0072B2; }",
        "[data-cycle-colour='2'] { --cycle-colour: #E69F00; }",
        "[data-cycle-colour='3'] { --cycle-colour: #009E73; }",
        "[data-cycle-colour='4'] { --cycle-colour: #CC79A7; }",
        "[data-cycle-colour='5'] { --cycle-colour: #56B4E9; }",
        "[data-cycle-colour='6'] { --cycle-colour: #F0E442; }",
        "[data-cycle-colour='7'] { --cycle-colour: #999999; }",
        '',
      ].join('\n'),
    );
  });
});
