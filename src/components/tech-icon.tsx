import { useEffect, useId, useRef, useState } from 'react';
import type { Technology } from '../content/technologies.ts';
import { BrandIcon } from './brand-icon.tsx';
import styles from './tech-icon.module.css';

/**
 * A technology logo as a focusable button. Its name appears in a tooltip on hover, on keyboard
 * focus and on click; a click keeps it open until the user presses the mouse elsewhere or Escape.
 */
export function TechIcon({ technology }: { technology: Technology }) {
  const tooltipId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const pointerDown = useRef(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || focused || pinned;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setPinned(false);
      setFocused(false);
      setHovered(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setPinned(false);
      setFocused(false);
      setHovered(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <span
      ref={root}
      className={styles.wrapper}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className={styles.button}
        aria-label={technology.name}
        aria-describedby={tooltipId}
        onMouseDown={() => {
          pointerDown.current = true;
        }}
        onClick={() => setPinned(true)}
        onFocus={() => {
          // Focus that follows a mouse press is handled by onClick; other focus is the keyboard's.
          if (!pointerDown.current) setFocused(true);
          pointerDown.current = false;
        }}
        onBlur={() => setFocused(false)}
      >
        <BrandIcon icon={technology.icon} size={30} />
      </button>
      <span id={tooltipId} role="tooltip" className={styles.tooltip} hidden={!open}>
        {technology.name}
      </span>
    </span>
  );
}

/** The row of technology icons at the end of a project page. */
export function TechIconList({ technologies }: { technologies: readonly Technology[] }) {
  return (
    <ul className={styles.list}>
      {technologies.map((technology) => (
        <li key={technology.name}>
          <TechIcon technology={technology} />
        </li>
      ))}
    </ul>
  );
}
