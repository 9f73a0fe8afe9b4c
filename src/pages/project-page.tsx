import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { useDocumentMeta } from '../components/document-meta.tsx';
import { ContentFigure } from '../components/content-figure.tsx';
import { ProjectFacts } from '../components/project-facts.tsx';
import { ProjectLinks } from '../components/project-links.tsx';
import { SafeHtml } from '../components/safe-html.tsx';
import { SegmentDisplay } from '../components/segment-display/segment-display.tsx';
import { ProjectStory } from '../components/project-story.tsx';
import { projects } from '../content/projects.ts';
import { findProject, type Project } from '../content/project-details.ts';
import buttons from '../components/buttons.module.css';
import stage from '../components/segment-stage.module.css';
import styles from './project-page.module.css';

const SegmentPlayground = lazy(() =>
  import('../features/segment-playground/segment-playground.tsx').then((m) => ({
    default: m.SegmentPlayground,
  })),
);

export function ProjectPage() {
  const { projectName = '' } = useParams();
  const project = findProject(projectName);
  // Keyed by slug so that moving between projects starts each page fresh.
  return project ? (
    <ProjectDetail key={project.link} project={project} />
  ) : (
    <ProjectNotFound slug={projectName} />
  );
}

function ProjectDetail({ project }: { project: Project }) {
  useDocumentMeta(project.title, project.description);
  const index = projects.findIndex((summary) => summary.link === project.link);

  return (
    <article className={styles.page} aria-labelledby="project-title">
      <Link className={styles.back} to={paths.projects}>
        <span aria-hidden="true">←</span> All projects
      </Link>
      <header className={styles.header}>
        <p className={styles.kicker}>
          Project {String(index + 1).padStart(2, '0')} of {String(projects.length).padStart(2, '0')}
        </p>
        <h1 id="project-title" className={styles.title}>
          {project.title}
        </h1>
        <ProjectFacts project={project} className={styles.facts} />
        {project.introHtml ? (
          <SafeHtml html={project.introHtml} className={styles.intro} />
        ) : (
          <p className={styles.intro}>{project.intro}</p>
        )}
        {(project.githubUrl || project.liveUrl) && (
          <div className={styles.links}>
            <ProjectLinks project={project} className={buttons.secondaryLink} iconSize={18} />
          </div>
        )}
      </header>

      {project.image ? (
        <ContentFigure file={project.image} alt={project.alt} narrow={project.imgTall} />
      ) : (
        project.segmentDisplay && (
          <div className={`${stage.stage} ${styles.segmentHero}`}>
            <SegmentDisplay {...project.segmentDisplay} size={project.segmentDisplay.size ?? 48} />
          </div>
        )
      )}

      <ProjectStory project={project}>
        {project.link === 'segment-display' && (
          <section className={styles.playground} aria-labelledby="playground-heading">
            <h2 id="playground-heading">Playground</h2>
            <Suspense fallback={<p className={styles.loading}>Loading the playground…</p>}>
              <SegmentPlayground />
            </Suspense>
          </section>
        )}
      </ProjectStory>
    </article>
  );
}

/** Unknown slug: say so (title 'not-found', console message) and offer the real projects. */
function ProjectNotFound({ slug }: { slug: string }) {
  useDocumentMeta('not-found', 'This project does not exist. Here are the ones that do.', {
    bareTitle: true,
    noindex: true,
  });
  useEffect(() => {
    console.warn('Project not found');
  }, [slug]);

  return (
    <section className={styles.notFound} aria-labelledby="not-found-heading">
      <p className={styles.kicker}>Project</p>
      <h1 id="not-found-heading" className={styles.title}>
        not-found
      </h1>
      <p className={styles.intro}>
        There is no project called “{slug}”. It may have been renamed, or the link has a typo. These
        are the projects that exist:
      </p>
      <ul className={styles.projectList}>
        {projects.map((project) => (
          <li key={project.link}>
            <Link to={paths.project(project.link)}>{project.title}</Link>
            <span>{project.description}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
