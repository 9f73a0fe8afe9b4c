import { lazy, useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import type { ProjectSummary } from '../content/projects.ts';
import { SafeHtml } from './safe-html.tsx';
import { WhenNearViewport } from './when-near-viewport.tsx';
import { TechTags } from './tech-tags.tsx';
import { ContentImage } from './content-image.tsx';
import { ProjectFacts } from './project-facts.tsx';
import { ProjectLinks } from './project-links.tsx';
import buttons from './buttons.module.css';
import stage from './segment-stage.module.css';
import styles from './project-card.module.css';

// Loaded when its card scrolls near, so the home page's first load stays within its budget.
const SegmentDisplay = lazy(() =>
  import('./segment-display/segment-display.tsx').then((m) => ({ default: m.SegmentDisplay })),
);

/**
 * One project on the home page. Every second card (2, 4, 6) is dark. The whole card opens the
 * project (its Read more link stretches over it), with one tab stop and one link name per card.
 */
export function ProjectCard({ project, position }: { project: ProjectSummary; position: number }) {
  const titleId = useId();
  const dark = position % 2 === 0;
  const hasMedia = Boolean(project.image || project.segmentDisplay);

  return (
    <article
      className={styles.card}
      data-tone={dark ? 'dark' : 'light'}
      data-tall={project.imgTall ? 'true' : undefined}
      data-media={hasMedia ? 'true' : undefined}
      aria-labelledby={titleId}
    >
      {hasMedia && (
        <div className={styles.media}>
          {/* The hero fills the first screen, so every card image starts below the fold. */}
          {project.image && <ContentImage file={project.image} alt={project.alt} lazy />}
          {project.segmentDisplay && (
            <div className={`${stage.stage} ${styles.segment}`}>
              <WhenNearViewport placeholderHeight={project.segmentDisplay.size ?? 34}>
                <SegmentDisplay
                  {...project.segmentDisplay}
                  size={project.segmentDisplay.size ?? 34}
                />
              </WhenNearViewport>
            </div>
          )}
        </div>
      )}
      <div className={styles.body}>
        <p className={styles.number} aria-hidden="true">
          {String(position).padStart(2, '0')}
        </p>
        <h3 id={titleId} className={styles.title}>
          {project.title}
        </h3>
        <ProjectFacts project={project} className={styles.facts} />
        <p className={styles.description}>{project.description}</p>
        <SafeHtml html={project.descriptionHtml} className={styles.html} />
        <TechTags technologies={project.technologies} label={`Technologies in ${project.title}`} />
        <div className={styles.links}>
          <Link
            className={`${buttons.primaryLink} ${styles.primary}`}
            to={paths.project(project.link)}
            aria-describedby={titleId}
          >
            Read more <span className="visually-hidden">about {project.title}</span>
          </Link>
          <ProjectLinks
            project={project}
            className={`${buttons.secondaryLink} ${styles.secondary}`}
            iconSize={16}
            describedBy={titleId}
          />
        </div>
      </div>
    </article>
  );
}
