import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render-at.tsx';
import { SiteHeader } from './site-header.tsx';

function renderHeader(path = '/') {
  const page = (
    <>
      <SiteHeader />
      <p>Page body</p>
    </>
  );
  const { location } = renderAt(path, '*', page);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  return { location, toggle, menu, user: userEvent.setup() };
}

describe('SiteHeader', () => {
  it('has a home link and the AI tool, 100 prisoners, Resume and Contact links inside the Main navigation', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toContainElement(screen.getByRole('link', { name: /Sindre Haugland/ }));
    const links = screen
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['SHSindre Haugland, home page', '/'],
      ['AI tool', '/projects/AI_tool/'],
      ['100 prisoners', '/projects/prisoner/'],
      ['Resume', '/resume/'],
      ['Contact', '/contact/'],
    ]);
  });

  it.each([
    ['/', 'SHSindre Haugland, home page'],
    ['/projects/prisoner/', '100 prisoners'],
    ['/projects/AI_tool/', 'AI tool'],
    ['/resume/', 'Resume'],
    ['/projects/prisoner/lab/', null],
    ['/projects/css-art/', null],
  ])('at %s marks the current page’s link: %s', (path, current) => {
    renderHeader(path);
    const marked = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(marked).toEqual(current === null ? [] : [current]);
  });

  it('holds the theme switch in the menu, its choices a radio group', () => {
    const { menu } = renderHeader();
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(menu).toContainElement(group);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'system',
      'light',
      'dark',
    ]);
  });

  it('toggle controls the menu and opens and closes it on click', async () => {
    const { toggle, menu, user } = renderHeader();
    expect(menu).not.toBeNull();
    expect(menu).toContainElement(screen.getByRole('link', { name: 'Resume' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('data-open', 'true');
    // Focus moves into the menu.
    expect(screen.getByRole('link', { name: 'AI tool' })).toHaveFocus();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('data-open', 'false');
  });

  it('Escape closes the menu and returns focus to the toggle', async () => {
    const { toggle, user } = renderHeader();
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('following a link closes the menu and navigates', async () => {
    const { toggle, user, location } = renderHeader();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(location().pathname).toBe('/contact/');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  });

  it('Tab cycles inside the open menu, and a press outside closes it', async () => {
    const { toggle, user } = renderHeader();
    await user.click(toggle);
    await user.tab(); // AI tool → 100 prisoners
    await user.tab(); // → Resume
    await user.tab(); // → Contact
    await user.tab(); // → the theme's choice
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();
    await user.tab(); // wraps to the toggle
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true }); // and back to the theme's choice
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();
    await user.click(screen.getByText('Page body'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
