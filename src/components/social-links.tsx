import { useId } from 'react';
import { socials } from '../content/socials.ts';
import { BrandIcon } from './brand-icon.tsx';
import styles from './social-links.module.css';

/**
 * Links to the owner's profiles elsewhere, each opening in a new tab.
 * "cards" shows handle and blurb (contact page); "compact" shows icon and name (footer).
 */
export function SocialLinks({ variant }: { variant: 'cards' | 'compact' }) {
  const newTabNote = useId();
  return (
    <>
      <ul className={variant === 'cards' ? styles.cards : styles.compact}>
        {socials.map((social) => (
          <li key={social.name}>
            <a
              className={styles.link}
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNote}
            >
              <BrandIcon
                icon={social.icon}
                size={variant === 'cards' ? 32 : 20}
                className={styles.icon}
              />
              {variant === 'cards' ? (
                <span className={styles.text}>
                  <span className={styles.title}>{social.name}</span>
                  <span className={styles.handle}>{social.handle}</span>
                  <span className={styles.blurb}>{social.blurb}</span>
                </span>
              ) : (
                <span className={styles.title}>{social.name}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
      <span id={newTabNote} hidden>
        Opens in a new tab
      </span>
    </>
  );
}
