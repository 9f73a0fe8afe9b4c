import { describe, expect, it } from 'vitest';
import { createThemeStore, type ThemeEnvironment } from './theme-store.ts';

/** A page of its own: storage, <html>, the system's preference and another tab's events. */
function environment({ stored = null as string | null, dark = false, refuse = false } = {}) {
  const values = new Map<string, string>(stored === null ? [] : [['theme', stored]]);
  const guard = () => {
    if (refuse) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  const storage = {
    getItem: (key: string) => (guard(), values.get(key) ?? null),
    setItem: (key: string, value: string) => (guard(), void values.set(key, value)),
    removeItem: (key: string) => (guard(), void values.delete(key)),
  };
  const listeners: ((event: MediaQueryListEvent) => void)[] = [];
  const systemDark = {
    matches: dark,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.push(listener),
  } as ThemeEnvironment['systemDark'];
  const root = document.createElement('html');
  const events = new EventTarget();
  const env: ThemeEnvironment = {
    storage,
    root,
    systemDark,
    events: events as unknown as ThemeEnvironment['events'],
  };
  return {
    env,
    values,
    root,
    /** The system switches its preference. */
    systemTurns: (matches: boolean) => {
      for (const listener of listeners) listener({ matches } as MediaQueryListEvent);
    },
    /** Another tab stores a choice. */
    otherTabStores: (value: string | null) => {
      if (value === null) values.delete('theme');
      else values.set('theme', value);
      events.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
    },
  };
}

describe('the theme store', () => {
  it('starts from the stored choice, over the system’s preference', () => {
    const { env } = environment({ stored: 'dark', dark: false });
    expect(createThemeStore(env).getState()).toEqual({
      choice: 'dark',
      systemDark: false,
      theme: 'dark',
    });
    const system = environment({ stored: null, dark: true });
    expect(createThemeStore(system.env).getState()).toEqual({
      choice: 'system',
      systemDark: true,
      theme: 'dark',
    });
    const unknown = environment({ stored: 'sepia', dark: false });
    expect(createThemeStore(unknown.env).getState()).toEqual({
      choice: 'system',
      systemDark: false,
      theme: 'light',
    });
  });

  it('shows a choice at once and remembers it; the system’s choice forgets it', () => {
    const { env, values, root } = environment({ dark: true });
    const store = createThemeStore(env);
    store.choose('light');
    expect(store.getState()).toEqual({ choice: 'light', systemDark: true, theme: 'light' });
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(values.get('theme')).toBe('light');
    store.choose('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(values.get('theme')).toBe('dark');
    store.choose('system');
    expect(store.getState()).toEqual({ choice: 'system', systemDark: true, theme: 'dark' });
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(values.has('theme')).toBe(false);
  });

  it('follows the system while the choice is the system’s, and only then', () => {
    const { env, systemTurns } = environment({ dark: false });
    const store = createThemeStore(env);
    const seen: string[] = [];
    store.subscribe((state) => seen.push(state.theme));
    systemTurns(true);
    expect(store.getState()).toEqual({ choice: 'system', systemDark: true, theme: 'dark' });
    store.choose('light');
    systemTurns(false);
    systemTurns(true);
    expect(store.getState()).toEqual({ choice: 'light', systemDark: true, theme: 'light' });
    expect(seen).toEqual(['dark', 'light', 'light', 'light']);
  });

  it('shows a choice made in another tab', () => {
    const { env, root, otherTabStores } = environment({ dark: false });
    const store = createThemeStore(env);
    otherTabStores('dark');
    expect(store.getState().theme).toBe('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    otherTabStores(null);
    expect(store.getState()).toEqual({ choice: 'system', systemDark: false, theme: 'light' });
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('still switches for the page when storage refuses every access', () => {
    const { env, root } = environment({ refuse: true, dark: true });
    const store = createThemeStore(env);
    expect(store.getState().choice).toBe('system');
    expect(() => store.choose('light')).not.toThrow();
    expect(store.getState().theme).toBe('light');
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('works with nothing at all, as when pages are rendered at build time', () => {
    const store = createThemeStore({ storage: null, root: null, systemDark: null, events: null });
    expect(store.getState()).toEqual({ choice: 'system', systemDark: false, theme: 'light' });
    store.choose('dark');
    expect(store.getState().theme).toBe('dark');
  });
});
