// Builds public/img/icons.svg, the one SVG sprite that holds every logo and glyph the site shows.
// Logos come from simple-icons at build time, so no icon data ships in JavaScript.
// Run `npm run icons` after adding a logo; a unit test keeps the committed file in step.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as simpleIcons from 'simple-icons';
import { brandIconNames, type BrandIconName } from '../../src/components/brand-icon-names.ts';

interface SimpleIcon {
  title: string;
  slug: string;
  path: string;
}

/** Glyphs that are not brand logos: LinkedIn withdrew its logo from simple-icons. */
const NEUTRAL_GLYPHS: Partial<Record<BrandIconName, { title: string; path: string }>> = {
  linkedin: {
    title: 'LinkedIn',
    path: 'M3 4h18a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v12h18V6H3Zm5 2.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM4.5 16c.4-1.8 1.8-2.8 3.5-2.8s3.1 1 3.5 2.8h-7ZM13 9h6v1.6h-6V9Zm0 3h6v1.6h-6V12Zm0 3h4v1.6h-4V15Z',
  },
  email: {
    title: 'E-mail',
    path: 'M2 5h20a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.3V17h18V7.3l-9 6.3-9-6.3ZM4.6 7 12 12.2 19.4 7H4.6Z',
  },
};

const bySlug = new Map(
  Object.values(simpleIcons as unknown as Record<string, SimpleIcon>)
    .filter((icon) => typeof icon === 'object' && icon !== null && 'slug' in icon)
    .map((icon) => [icon.slug, icon]),
);

/** The icon for a name: a neutral glyph or the simple-icons logo with that slug. */
export function iconData(name: BrandIconName): { title: string; path: string } {
  const icon = NEUTRAL_GLYPHS[name] ?? bySlug.get(name);
  if (!icon) throw new Error(`simple-icons has no icon with the slug "${name}"`);
  return { title: icon.title, path: icon.path };
}

/** The sprite: one <symbol id="{name}"> per icon, filled with currentColor by the page. */
export function buildIconSprite(): string {
  const symbols = brandIconNames.map((name) => {
    // No <title>: the page names each icon in text, and a title would add a second tooltip.
    return `  <symbol id="${name}" viewBox="0 0 24 24"><path d="${iconData(name).path}"/></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

export const spritePath = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../public/img/icons.svg',
);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(spritePath, buildIconSprite());
  console.log(`wrote ${spritePath}`);
}
