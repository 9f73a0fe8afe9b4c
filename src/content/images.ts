/** Intrinsic sizes of the images in public/img, so every <img> reserves its space before loading. */
export const imageSizes: Readonly<Record<string, { width: number; height: number }>> = {
  'avatar.svg': { width: 400, height: 400 },
  'avatar-white.svg': { width: 400, height: 400 },
  'ai-tool.svg': { width: 1200, height: 750 },
  'ai-tool-flow.svg': { width: 1200, height: 500 },
  'ntnu-ppl.svg': { width: 1200, height: 750 },
  'ntnu-ppl-flow.svg': { width: 1200, height: 500 },
  'prisoner.svg': { width: 1200, height: 750 },
  'prisoner-cycles.svg': { width: 1200, height: 500 },
  'ntnu-capmap.svg': { width: 1200, height: 750 },
  'ntnu-capmap-search.svg': { width: 600, height: 400 },
  'css-art.svg': { width: 800, height: 1000 },
};

/** The public URL of an image in public/img. */
export function imageUrl(file: string): string {
  return `/img/${file}`;
}

/** width/height attributes for an image, or nothing when its size is unknown. */
export function imageSize(file: string): { width?: number; height?: number } {
  return imageSizes[file] ?? {};
}
