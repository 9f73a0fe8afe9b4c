import type { ReactNode } from 'react';
import { THEME_CHOICES, type ThemeChoice } from './theme-choice.ts';
import { themeStore, useThemeState } from './theme-store.ts';
import styles from './theme-toggle.module.css';

const LABELS: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

const ICONS: Record<ThemeChoice, ReactNode> = {
  // Half dark, half light: whatever the system says.
  system: (
    <>
      <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
    </>
  ),
  light: (
    <>
      <circle cx="12" cy="12" r="4" fill="currentColor" />
      <path
        d="M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  dark: <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4 8.5 8.5 0 1 0 20 14.5z" fill="currentColor" />,
};

/**
 * The theme switch in the header: the system's theme, light or dark, as one radio group. Which
 * one is marked follows <html data-theme> in CSS, so a pre-rendered page marks the visitor's
 * choice from its first paint, before the app has read it.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const choice = useThemeState('choice');
  return (
    <fieldset className={[styles.group, className].filter(Boolean).join(' ')}>
      <legend className="visually-hidden">Theme</legend>
      {THEME_CHOICES.map((option) => (
        <label key={option} className={styles.option} title={`Theme: ${LABELS[option]}`}>
          <input
            className={styles.input}
            type="radio"
            name="theme"
            value={option}
            checked={choice === option}
            onChange={() => themeStore.choose(option)}
          />
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {ICONS[option]}
          </svg>
          <span className={styles.label}>{LABELS[option]}</span>
        </label>
      ))}
    </fieldset>
  );
}
