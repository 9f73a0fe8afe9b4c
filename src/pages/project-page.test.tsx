import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { detailedProjects as projects } from '../content/project-details.ts';
import { renderAt } from '../testing/render-at.tsx';
import { ProjectPage } from './project-page.tsx';

function renderProject(path: string) {
  return renderAt(path, '/projects/:projectName', <ProjectPage />);
}

describe('ProjectPage with an unknown slug', () => {
  it('reads not-found in heading and title, logs it, and offers every project instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderProject('/projects/does-not-exist');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^not-found$/);
    await waitFor(() => expect(document.title).toBe('not-found'));
    expect(warn).toHaveBeenCalledWith('Project not found');
    expect(screen.getByText(/no project called “does-not-exist”/)).toBeInTheDocument();
    for (const project of projects) {
      expect(screen.getByRole('link', { name: project.title })).toHaveAttribute(
        'href',
        `/projects/${project.link}/`,
      );
    }
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('ProjectPage with a known slug', () => {
  it('shows title, image, intro, links, every detail block and the technology icons', async () => {
    const project = projects.find((p) => p.link === 'ntnu-capmap');
    if (!project) throw new Error('ntnu-capmap is missing');
    renderProject('/projects/ntnu-capmap');

    expect(screen.getByRole('heading', { level: 1, name: project.title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${project.title} · Sindre Haugland`));
    expect(screen.getByRole('img', { name: project.alt })).toHaveAttribute(
      'src',
      '/img/ntnu-capmap.svg',
    );
    expect(screen.getByText(project.intro ?? '')).toBeInTheDocument();

    for (const name of [/^GitHub/, /^Live Version/]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    for (const block of project.detailed) {
      if (block.h2)
        expect(screen.getByRole('heading', { level: 2, name: block.h2 })).toBeInTheDocument();
      if (block.img)
        expect(screen.getByRole('img', { name: block.alt })).toHaveAttribute('loading', 'lazy');
    }
    const techSection = screen.getByRole('region', { name: 'Built with' });
    for (const technology of project.technologies) {
      expect(
        within(techSection).getByRole('button', { name: technology.name }),
      ).toBeInTheDocument();
    }
  });

  it('renders HTML intros as markup, without any script or event handler', () => {
    renderProject('/projects/prisoner');
    const strong = screen.getByText('31.18%');
    expect(strong.tagName).toBe('STRONG');
    expect(document.querySelector('main script, [onerror], [onclick]')).toBeNull();
  });

  it('shows code samples in a focusable, labelled group', () => {
    renderProject('/projects/AI_tool');
    const code = screen.getByRole('group', { name: 'Code sample' });
    expect(code).toHaveAttribute('tabindex', '0');
    expect(code).toHaveTextContent('getReader');
  });

  it.each(projects.map((project, index) => [project.link, index] as const))(
    '%s shows its own position, its facts, and leads to the real next project',
    (link, index) => {
      const project = projects[index]!;
      const next = projects[(index + 1) % projects.length]!;
      renderProject(`/projects/${link}/`);
      expect(screen.getByText(`Project 0${index + 1} of 06`)).toBeInTheDocument();
      const facts = screen.getByText('Year', { selector: 'dt' }).closest('dl')!;
      expect([...facts.querySelectorAll('div')].map((fact) => fact.textContent)).toEqual([
        `Year${project.year}`,
        `Role${project.role}`,
        `Team${project.team}`,
      ]);
      const nextLink = within(screen.getByRole('navigation', { name: 'Next project' })).getByRole(
        'link',
      );
      expect(nextLink).toHaveAttribute('href', `/projects/${next.link}/`);
      expect(nextLink).toHaveTextContent(next.title);
    },
  );
});
