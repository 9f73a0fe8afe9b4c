import type { ProjectSummary } from '../content/projects.ts';
import { BrandIcon } from './brand-icon.tsx';

interface ProjectLinksProps {
  project: ProjectSummary;
  className: string | undefined;
  iconSize: number;
  /** Id of what the links belong to (a card's title), for screen readers. */
  describedBy?: string;
}

/** The project's GitHub and Live Version links, when it has them; both open in a new tab. */
export function ProjectLinks({ project, className, iconSize, describedBy }: ProjectLinksProps) {
  const links = [
    { href: project.githubUrl, label: 'GitHub', icon: true },
    { href: project.liveUrl, label: 'Live Version', icon: false },
  ];
  return links.map(
    ({ href, label, icon }) =>
      href && (
        <a
          key={label}
          className={className}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={describedBy}
        >
          {icon && <BrandIcon icon="github" size={iconSize} />}
          {label} <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      ),
  );
}
