import { Link } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { profile } from '../content/profile.ts';
import { SocialLinks } from './social-links.tsx';
import styles from './site-footer.module.css';

const footerLinks = [
  { label: 'Projects', to: paths.projects },
  { label: '100 prisoners', to: paths.prisoner },
  { label: 'Resume', to: paths.resume },
  { label: 'Contact', to: paths.contact },
] as const;

/** Site footer: who, where to go next, and where else to find the owner. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.name}>{profile.name}</p>
          <p className={styles.tagline}>
            {profile.role} · {profile.location}
          </p>
          <a className={styles.email} href={`mailto:${profile.email}`}>
            {profile.email}
          </a>
        </div>
        <nav aria-label="Footer" className={styles.column}>
          <h2 className={styles.heading}>Pages</h2>
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>Elsewhere</h2>
          <SocialLinks variant="compact" />
        </div>
      </div>
      <div className={styles.bottom}>
        <p className={styles.legal}>
          © {import.meta.env.BUILD_YEAR} {profile.name}. Built with React and TypeScript. No
          cookies, no trackers.
        </p>
      </div>
    </footer>
  );
}
