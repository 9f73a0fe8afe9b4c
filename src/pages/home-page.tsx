import { Link } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { useDocumentMeta } from '../components/document-meta.tsx';
import { Avatar } from '../components/avatar.tsx';
import { ProjectCard } from '../components/project-card.tsx';
import { profile } from '../content/profile.ts';
import { projects } from '../content/projects.ts';
import buttons from '../components/buttons.module.css';
import styles from './home-page.module.css';

export function HomePage() {
  useDocumentMeta(
    '',
    `${profile.name}: informatics student at NTNU and web developer. Six projects, from an AI study assistant to a 100 prisoners simulation.`,
  );

  return (
    <>
      <section className={styles.hero} aria-labelledby="greeting">
        <div className={styles.intro}>
          <p className={styles.eyebrow}>
            {profile.role} · NTNU · {profile.location}
          </p>
          <h1 id="greeting" className={styles.greeting}>
            {profile.greeting}
            <span className={styles.accent}>.</span>
          </h1>
          <p className={styles.tagline}>{profile.tagline}</p>
          {profile.about.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          <div className={styles.actions}>
            <a className={buttons.primaryLink} href="#projects">
              See my projects
            </a>
            <Link className={buttons.secondaryLink} to={paths.contact}>
              Get in touch
            </Link>
          </div>
        </div>
        <div className={styles.portrait}>
          <Avatar />
        </div>
      </section>

      <section id="projects" aria-labelledby="projects-heading">
        <div className={styles.sectionHead}>
          <h2 id="projects-heading">Projects</h2>
          <p>
            Six things I have built, newest ideas first. Each card links to the full story: the
            problem, what was hard, and what I learned.
          </p>
        </div>
        <div className={styles.cards}>
          {projects.map((project, index) => (
            <ProjectCard key={project.id} project={project} position={index + 1} />
          ))}
        </div>
      </section>
    </>
  );
}
