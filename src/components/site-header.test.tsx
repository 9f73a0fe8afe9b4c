import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render-at.tsx';
import { SiteHeader } from './site-header.tsx';

function renderHeader() {
  const page = (
    <>
      <SiteHeader />
      <p>Page body</p>
    </>
  );
  const { location } = renderAt('/', '*', page);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  return { location, toggle, menu, user: userEvent.setup() };
}

describe('SiteHeader', () => {
  it('has a home link and the AI tool, Resume and Contact links inside the Main navigation', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toContainElement(screen.getByRole('link', { name: /Sindre Haugland/ }));
    expect(screen.getByRole('link', { name: 'AI tool' })).toHaveAttribute(
      'href',
      '/projects/AI_tool/',
    );
    expect(screen.getByRole('link', { name: 'Resume' })).toHaveAttribute('href', '/resume/');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact/');
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
    await user.tab(); // AI tool → Resume
    await user.tab(); // → Contact
    await user.tab(); // wraps to the toggle
    expect(toggle).toHaveFocus();
    await user.click(screen.getByText('Page body'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
