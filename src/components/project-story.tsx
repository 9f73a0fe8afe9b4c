import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import type { DetailBlock, Project, StoryBoard } from '../content/project-details.ts';
import { projects } from '../content/projects.ts';
import { ContentFigure } from './content-figure.tsx';
import { SegmentDisplay } from './segment-display/segment-display.tsx';
import { TechIconList } from './tech-icon.tsx';
import stage from './segment-stage.module.css';
import styles from './project-story.module.css';

type Level = 2 | 3;

function DetailSection({
  block,
  level,
  board,
}: {
  block: DetailBlock;
  level: Level;
  board: StoryBoard | null;
}) {
  const Heading = `h${level}` as const;
  const text = typeof block.p === 'function' ? block.p(board) : block.p;
  return (
    <section className={styles.block}>
      {block.h2 && <Heading>{block.h2}</Heading>}
      {text && <p>{text}</p>}
      {block.img && (
        <ContentFigure
          className={styles.figure}
          file={block.img}
          alt={block.alt}
          narrow={block.smallImage}
          lazy
        />
      )}
      {block.code && (
        <pre className={styles.code} tabIndex={0} role="group" aria-label="Code sample">
          <code>{block.code}</code>
        </pre>
      )}
      {block.segmentDisplay && (
        <div className={`${stage.stage} ${styles.segmentBlock}`}>
          <SegmentDisplay {...block.segmentDisplay} />
        </div>
      )}
    </section>
  );
}

interface ProjectStoryProps {
  project: Project;
  /** The level of the story's own headings: 2 on a project's page, 3 under a section of it. */
  level?: Level;
  /** Shown after the write-up, before the technologies (a playground, say). */
  children?: ReactNode;
  /** The board beside the write-up, for paragraphs that name it; none: the classic puzzle. */
  board?: StoryBoard | null;
}

/** A project's write-up: its detail blocks, the technologies it was built with, the next project. */
export function ProjectStory({ project, level = 2, children, board = null }: ProjectStoryProps) {
  const Heading = `h${level}` as const;
  const index = projects.findIndex((summary) => summary.link === project.link);
  const next = projects[(index + 1) % projects.length];
  const techHeading = `${project.link}-tech-heading`;
  return (
    <>
      <div className={styles.blocks}>
        {project.detailed.map((block, blockIndex) => (
          <DetailSection key={block.h2 ?? blockIndex} block={block} level={level} board={board} />
        ))}
      </div>
      {children}
      <section className={styles.tech} aria-labelledby={techHeading}>
        <Heading id={techHeading}>Built with</Heading>
        <p className={styles.techHint}>Hover, focus or click an icon to see its name.</p>
        <TechIconList technologies={project.technologies} />
      </section>
      {next && (
        <nav className={styles.next} aria-label="Next project">
          <Link to={paths.project(next.link)}>
            <span className={styles.nextLabel}>Next project</span>
            <span className={styles.nextTitle}>
              {next.title} <span aria-hidden="true">→</span>
            </span>
          </Link>
        </nav>
      )}
    </>
  );
}
