import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme, themeAttribute } from './theme-choice.ts';

/** The head's script, run against a stored value (or storage that refuses); data-theme after it. */
function runBootScript(stored: string | null | 'refused'): string | null {
  const source = readFileSync(resolve(process.cwd(), 'public/theme.js'), 'utf8');
  const root = document.createElement('html');
  const storage = {
    getItem: (key: string) => {
      if (stored === 'refused')
        throw new DOMException('The operation is insecure.', 'SecurityError');
      return key === 'theme' ? stored : null;
    },
  };
  new Function('localStorage', 'document', source)(storage, { documentElement: root });
  return root.getAttribute('data-theme');
}

describe('the theme choice', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [null, 'system'],
    [undefined, 'system'],
    ['', 'system'],
    ['Dark', 'system'],
    [' dark', 'system'],
    ['auto', 'system'],
  ] as const)('reads the stored %j as %s', (stored, choice) => {
    expect(parseThemeChoice(stored)).toBe(choice);
  });

  it('shows the choice, or the system’s theme when the choice is the system’s', () => {
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('dark', true)).toBe('dark');
  });

  it('writes only an explicit choice on <html>', () => {
    expect(themeAttribute('system')).toBeNull();
    expect(themeAttribute('light')).toBe('light');
    expect(themeAttribute('dark')).toBe('dark');
  });
});

describe('the head’s script (public/theme.js)', () => {
  it.each([
    [null, null],
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', null],
    ['Dark', null],
    ['"><script>', null],
  ] as const)('for a stored %j sets data-theme to %j, as the app would', (stored, attribute) => {
    expect(runBootScript(stored)).toBe(attribute);
    expect(runBootScript(stored)).toBe(themeAttribute(parseThemeChoice(stored)));
  });

  it('leaves the system’s theme when storage refuses, without throwing', () => {
    expect(runBootScript('refused')).toBeNull();
  });
});
