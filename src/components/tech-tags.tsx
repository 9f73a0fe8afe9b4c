import type { Technology } from '../content/technologies.ts';
import { BrandIcon } from './brand-icon.tsx';
import styles from './tech-tags.module.css';

/** Technology names as small tags with their logos. */
export function TechTags({
  technologies,
  label,
}: {
  technologies: readonly Technology[];
  label: string;
}) {
  return (
    <ul className={styles.tags} aria-label={label}>
      {technologies.map((technology) => (
        <li key={technology.name} className={styles.tag}>
          <BrandIcon icon={technology.icon} size={14} />
          {technology.name}
        </li>
      ))}
    </ul>
  );
}
