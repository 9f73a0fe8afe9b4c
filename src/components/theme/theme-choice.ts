/**
 * The visitor's theme: what they chose (the system's, light or dark) and what that shows. The
 * choice is kept in localStorage under THEME_STORAGE_KEY; public/theme.js reads it before the
 * first paint and writes an explicit choice as `data-theme` on <html> (themeAttribute), which
 * global.css turns into the root's color-scheme.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
/** What is shown. */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
/** The media query of a system that asks for dark. */
export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a choice: only 'light' and 'dark' are choices of their own. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The theme a choice shows on a system that does (or does not) ask for dark. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** The value of <html data-theme> for a choice; none follows the system. */
export function themeAttribute(choice: ThemeChoice): Theme | null {
  return choice === 'system' ? null : choice;
}
