// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandIconNames } from '../../src/components/brand-icon-names.ts';
import { buildIconSprite, iconData, spritePath } from './icon-sprite.ts';

describe('icon sprite', () => {
  it('is committed exactly as the generator builds it (run `npm run icons`)', () => {
    expect(readFileSync(spritePath, 'utf8')).toBe(buildIconSprite());
  });

  it('has a symbol with a real path for every icon name', () => {
    const sprite = buildIconSprite();
    for (const name of brandIconNames) {
      expect(sprite, name).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
      expect(iconData(name).path, name).toMatch(/^M/);
    }
  });
});
