import { isBrandIconName } from './brand-icon-names.ts';

/** Served from public/: the sprite that scripts/icon-sprite.ts builds from simple-icons. */
const SPRITE = '/img/icons.svg';

/** A logo from the icon sprite, decorative (the surrounding text names it), in currentColor. */
export function BrandIcon({
  icon,
  size = 20,
  className,
}: {
  icon: string;
  size?: number;
  className?: string;
}) {
  if (!isBrandIconName(icon)) return null;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <use href={`${SPRITE}#${icon}`} />
    </svg>
  );
}
