import { Link } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { useDocumentMeta } from '../components/document-meta.tsx';
import { profile } from '../content/profile.ts';
import { resume, resumeIntro, type ResumeEntry } from '../content/resume.ts';
import { socials } from '../content/socials.ts';
import buttons from '../components/buttons.module.css';
import styles from './resume-page.module.css';
import textPage from './text-page.module.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-08" → "Aug 2025". */
export function formatMonth(isoMonth: string): string {
  const [year, month] = isoMonth.split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${year}`.trim();
}

function Period({ entry }: { entry: ResumeEntry }) {
  const start = <time dateTime={entry.start}>{formatMonth(entry.start)}</time>;
  if (!entry.end) {
    return entry.ongoing ? <>{start} – present</> : start;
  }
  return (
    <>
      {start} – <time dateTime={entry.end}>{formatMonth(entry.end)}</time>
    </>
  );
}

export function ResumePage() {
  useDocumentMeta(
    'Resume',
    `Education, teaching and work experience of ${profile.name}, informatics student at NTNU.`,
  );
  return (
    <div className={textPage.page}>
      <header className={textPage.header}>
        <h1>Resume</h1>
        {/* On paper the resume must say whose it is and how to reach them, links written out. */}
        <address className={styles.printContact}>
          <strong>{profile.name}</strong> · {profile.email} ·{' '}
          {socials
            .filter((social) => social.name !== 'Instagram')
            .map((social) => social.url.replace(/^https:\/\/(www\.)?/, ''))
            .join(' · ')}
        </address>
        <p className={textPage.intro}>{resumeIntro}</p>
        <div className={styles.actions}>
          <p className={styles.contact}>
            References on request. <Link to={paths.contact}>Get in touch</Link>.
          </p>
          <button type="button" className={buttons.secondary} onClick={() => window.print()}>
            Print or save as PDF
          </button>
        </div>
      </header>
      {resume.map((section) => (
        <section
          key={section.id}
          className={styles.section}
          aria-labelledby={`${section.id}-heading`}
        >
          <h2 id={`${section.id}-heading`}>{section.title}</h2>
          <ol className={styles.timeline}>
            {section.entries.map((entry) => (
              <li key={entry.title} className={styles.entry}>
                <p className={styles.period}>
                  <Period entry={entry} />
                </p>
                <div>
                  <h3 className={styles.title}>{entry.title}</h3>
                  <p className={styles.organisation}>
                    {entry.organisation}
                    {entry.place ? `, ${entry.place}` : ''}
                  </p>
                  <p className={styles.summary}>{entry.summary}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
