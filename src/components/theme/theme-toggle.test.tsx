import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { themeStore } from './theme-store.ts';
import { ThemeToggle } from './theme-toggle.tsx';

afterEach(() => {
  themeStore.choose('system');
  localStorage.clear();
});

describe('ThemeToggle', () => {
  it('offers the system’s theme, light and dark, the system’s checked until one is chosen', () => {
    render(<ThemeToggle />);
    expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument();
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => [radio.value, radio.labels?.[0]?.textContent])).toEqual([
      ['system', 'System'],
      ['light', 'Light'],
      ['dark', 'Dark'],
    ]);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  it('shows and remembers the choice, and forgets it for the system’s', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(themeStore.getState().theme).toBe('dark');

    // Arrow keys move within the group, as in any radio group.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem('theme')).toBeNull();
  });
});
