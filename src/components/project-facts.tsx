import type { ProjectSummary } from '../content/projects.ts';
import styles from './project-facts.module.css';

/** When a project was made, in what role and with whom: on its card and atop its page. */
export function ProjectFacts({
  project,
  className,
}: {
  project: ProjectSummary;
  className?: string;
}) {
  const facts = [
    ['Year', project.year],
    ['Role', project.role],
    ['Team', project.team],
  ] as const;
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
