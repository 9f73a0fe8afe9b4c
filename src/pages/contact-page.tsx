import { useDocumentMeta } from '../components/document-meta.tsx';
import { BrandIcon } from '../components/brand-icon.tsx';
import { SocialLinks } from '../components/social-links.tsx';
import { profile } from '../content/profile.ts';
import styles from './contact-page.module.css';
import textPage from './text-page.module.css';

export function ContactPage() {
  // Lets a narrow screen break the address after the @ rather than mid-word.
  const [user, domain] = profile.email.split('@');
  useDocumentMeta(
    'Contact',
    `E-mail ${profile.name} or find him on GitHub, Instagram and LinkedIn.`,
  );
  return (
    <div className={textPage.page}>
      <header className={textPage.header}>
        <h1>Contact</h1>
        <p className={textPage.intro}>
          I am looking for a summer internship for 2027 and part-time work alongside my master’s. If
          you have a project, a question about something on this site, or just want to say hello,
          e-mail is the quickest way to reach me. I usually reply within two days.
        </p>
      </header>

      <a className={styles.email} href={`mailto:${profile.email}`}>
        <span className={styles.emailIcon}>
          <BrandIcon icon="email" size={28} />
        </span>
        <span className={styles.emailText}>
          <span className={styles.emailLabel}>E-mail</span>
          <span className={styles.emailAddress}>
            {user}@<wbr />
            {domain}
          </span>
        </span>
      </a>

      <section className={styles.socials} aria-labelledby="socials-heading">
        <h2 id="socials-heading">Elsewhere</h2>
        <SocialLinks variant="cards" />
      </section>

      <p className={styles.location}>
        Based in {profile.location}. Happy to meet for a coffee on Gløshaugen.
      </p>
    </div>
  );
}
