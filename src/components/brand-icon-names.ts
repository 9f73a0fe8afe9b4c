/** Every icon in public/img/icons.svg: simple-icons slugs, plus `linkedin` and `email` glyphs. */
export const brandIconNames = [
  'css',
  'docker',
  'fastapi',
  'github',
  'githubactions',
  'html5',
  'instagram',
  'javascript',
  'leaflet',
  'nodedotjs',
  'openstreetmap',
  'postgresql',
  'python',
  'react',
  'sass',
  'svg',
  'threedotjs',
  'typescript',
  'vite',
  'vitest',
  'linkedin',
  'email',
] as const;

export type BrandIconName = (typeof brandIconNames)[number];

export function isBrandIconName(name: string): name is BrandIconName {
  return (brandIconNames as readonly string[]).includes(name);
}
