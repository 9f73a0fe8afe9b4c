import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { technologies } from '../content/technologies.ts';
import { TechIconList } from './tech-icon.tsx';

function renderIcons() {
  render(
    <>
      <p>Elsewhere on the page</p>
      <TechIconList technologies={[technologies.react, technologies.typescript]} />
    </>,
  );
  const button = screen.getByRole('button', { name: 'React' });
  const tooltip = document.getElementById(button.getAttribute('aria-describedby') ?? '');
  return { button, tooltip, user: userEvent.setup() };
}

describe('TechIcon', () => {
  it('is a button described by a tooltip holding its name, hidden at first', () => {
    const { button, tooltip } = renderIcons();
    expect(tooltip).toHaveAttribute('role', 'tooltip');
    expect(tooltip).toHaveTextContent('React');
    expect(tooltip).not.toBeVisible();
    expect(button).toHaveAccessibleDescription('React');
  });

  it('shows the name on hover and hides it when the pointer leaves', async () => {
    const { button, tooltip, user } = renderIcons();
    await user.hover(button);
    expect(tooltip).toBeVisible();
    await user.unhover(button);
    expect(tooltip).not.toBeVisible();
  });

  it('keeps the name after a click until the mouse is pressed elsewhere', async () => {
    const { button, tooltip, user } = renderIcons();
    await user.click(button);
    await user.unhover(button);
    expect(tooltip).toBeVisible();
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(tooltip).not.toBeVisible();
  });

  it('shows the name on keyboard focus and hides it on Escape', async () => {
    const { button, tooltip, user } = renderIcons();
    await user.tab();
    expect(button).toHaveFocus();
    expect(tooltip).toBeVisible();
    await user.keyboard('{Escape}');
    expect(tooltip).not.toBeVisible();
    // Moving on shows the next icon's name and not this one.
    await user.tab();
    expect(tooltip).not.toBeVisible();
    expect(screen.getByText('TypeScript')).toBeVisible();
  });

  it('hides the name of one icon when another is clicked', async () => {
    const { button, tooltip, user } = renderIcons();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'TypeScript' }));
    expect(tooltip).not.toBeVisible();
    expect(screen.getByText('TypeScript')).toBeVisible();
  });
});
