import {
  siCss,
  siDocker,
  siFastapi,
  siGithub,
  siGithubactions,
  siHtml5,
  siInstagram,
  siJavascript,
  siLeaflet,
  siNodedotjs,
  siOpenstreetmap,
  siPostgresql,
  siPython,
  siReact,
  siSass,
  siSvg,
  siThreedotjs,
  siTypescript,
  siVite,
  siVitest,
} from 'simple-icons';

interface IconData {
  title: string;
  path: string;
  hex: string;
}

// simple-icons no longer ships LinkedIn's logo (withdrawn at the brand's request),
// so LinkedIn gets a neutral "profile card" glyph instead of a hand-copied logo.
const profileCard: IconData = {
  title: 'LinkedIn',
  hex: '0A66C2',
  path: 'M3 4h18a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v12h18V6H3Zm5 2.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM4.5 16c.4-1.8 1.8-2.8 3.5-2.8s3.1 1 3.5 2.8h-7ZM13 9h6v1.6h-6V9Zm0 3h6v1.6h-6V12Zm0 3h4v1.6h-4V15Z',
};

const envelope: IconData = {
  title: 'E-mail',
  hex: 'C437E0',
  path: 'M2 5h20a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.3V17h18V7.3l-9 6.3-9-6.3ZM4.6 7 12 12.2 19.4 7H4.6Z',
};

/** Logos by simple-icons slug (plus two neutral glyphs). Content refers to icons by these keys. */
export const brandIcons: Readonly<Record<string, IconData>> = {
  css: siCss,
  docker: siDocker,
  fastapi: siFastapi,
  github: siGithub,
  githubactions: siGithubactions,
  html5: siHtml5,
  instagram: siInstagram,
  javascript: siJavascript,
  leaflet: siLeaflet,
  nodedotjs: siNodedotjs,
  openstreetmap: siOpenstreetmap,
  postgresql: siPostgresql,
  python: siPython,
  react: siReact,
  sass: siSass,
  svg: siSvg,
  threedotjs: siThreedotjs,
  typescript: siTypescript,
  vite: siVite,
  vitest: siVitest,
  linkedin: profileCard,
  email: envelope,
};

/**
 * A logo as inline SVG, decorative by default (the surrounding text names it).
 * `color` "brand" uses the logo's own colour; otherwise it follows currentColor.
 */
export function BrandIcon({
  icon,
  size = 20,
  color = 'currentColor',
  className,
}: {
  icon: string;
  size?: number;
  color?: 'brand' | 'currentColor';
  className?: string;
}) {
  const data = brandIcons[icon];
  if (!data) return null;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={color === 'brand' ? `#${data.hex}` : 'currentColor'}
    >
      <path d={data.path} />
    </svg>
  );
}
