import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projects } from '../content/projects.ts';
import { renderAt } from '../testing/render-at.tsx';
import { HomePage } from './home-page.tsx';

function renderHome() {
  renderAt('/', '/', <HomePage />);
}

describe('HomePage', () => {
  it('greets, shows the avatar and three paragraphs of introduction', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Hi, I'm Sindre");
    expect(screen.getByRole('img', { name: /Sindre Haugland/ })).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: /Hi, I'm Sindre/ });
    expect(within(hero).getAllByText(/./, { selector: 'p[class*="paragraph"]' })).toHaveLength(3);
  });

  it('lists one card per project in order, dark at positions 2, 4 and 6', () => {
    renderHome();
    const section = screen.getByRole('region', { name: 'Projects' });
    const cards = within(section).getAllByRole('article');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(projects.map((project) => project.title));
    expect(cards.map((card) => card.dataset.tone)).toEqual([
      'light',
      'dark',
      'light',
      'dark',
      'light',
      'dark',
    ]);
  });

  it('gives each card Read more, and GitHub and Live Version only when present', () => {
    renderHome();
    const cards = screen.getAllByRole('article');
    projects.forEach((project, index) => {
      const card = within(cards[index] as HTMLElement);
      expect(card.getByRole('link', { name: `Read more about ${project.title}` })).toHaveAttribute(
        'href',
        `/projects/${project.link}/`,
      );
      const github = card.queryByRole('link', { name: 'GitHub (opens in a new tab)' });
      const live = card.queryByRole('link', { name: 'Live Version (opens in a new tab)' });
      expect(github?.getAttribute('href')).toBe(project.githubUrl);
      expect(live?.getAttribute('href')).toBe(project.liveUrl);
      for (const external of [github, live]) {
        if (!external) continue;
        expect(external).toHaveAccessibleDescription(project.title);
        expect(external).toHaveAttribute('target', '_blank');
        expect(external).toHaveAttribute('rel', 'noopener noreferrer');
      }
      const tags = within(card.getByRole('list', { name: `Technologies in ${project.title}` }));
      expect(tags.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
        project.technologies.map((technology) => technology.name),
      );
    });
  });

  it('lazy-loads the card images below the fold and reserves their size', () => {
    renderHome();
    const images = screen
      .getAllByRole('article')
      .flatMap((card) => within(card).queryAllByRole('img'))
      .filter((img) => img.tagName === 'IMG');
    // Five projects have a picture; the segment display project shows a display instead.
    expect(images).toHaveLength(5);
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    expect(images.slice(1).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });
});
