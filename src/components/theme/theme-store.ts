import { useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  SYSTEM_DARK_QUERY,
  THEME_STORAGE_KEY,
  parseThemeChoice,
  resolveTheme,
  themeAttribute,
  type Theme,
  type ThemeChoice,
} from './theme-choice.ts';

export interface ThemeState {
  choice: ThemeChoice;
  /** The system asks for dark (prefers-color-scheme). */
  systemDark: boolean;
  /** What is shown: the choice, or the system's theme. */
  theme: Theme;
}

export interface ThemeStore extends StoreApi<ThemeState> {
  /** Shows `choice` at once and remembers it for the next visit. */
  choose(choice: ThemeChoice): void;
}

/** Where the store reads and writes: the page's, or a test's stand-ins. All may be missing. */
export interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The element that carries `data-theme` (<html>). */
  root: HTMLElement | null;
  systemDark: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;
  /** Where another tab's change of the stored choice is announced (window's storage event). */
  events: Pick<Window, 'addEventListener'> | null;
}

/** Storage can refuse every access (privacy settings); the theme then lasts for the page. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/**
 * The visitor's theme choice and the theme it shows. The stored choice wins over the system's;
 * a change of the system's preference, or a choice made in another tab, shows at once.
 */
export function createThemeStore(environment: ThemeEnvironment): ThemeStore {
  const { storage, root, systemDark, events } = environment;
  const readChoice = () =>
    parseThemeChoice(attempt(() => storage?.getItem(THEME_STORAGE_KEY) ?? null, null));
  const stateOf = (choice: ThemeChoice, dark: boolean): ThemeState => ({
    choice,
    systemDark: dark,
    theme: resolveTheme(choice, dark),
  });
  const store = createStore<ThemeState>()(() =>
    stateOf(readChoice(), systemDark?.matches ?? false),
  );

  const show = (choice: ThemeChoice) => {
    const attribute = themeAttribute(choice);
    if (attribute) root?.setAttribute('data-theme', attribute);
    else root?.removeAttribute('data-theme');
    store.setState(stateOf(choice, store.getState().systemDark));
  };

  systemDark?.addEventListener('change', (event) =>
    store.setState(stateOf(store.getState().choice, event.matches)),
  );
  events?.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) show(readChoice());
  });

  return {
    ...store,
    choose(choice) {
      attempt(() => {
        if (choice === 'system') storage?.removeItem(THEME_STORAGE_KEY);
        else storage?.setItem(THEME_STORAGE_KEY, choice);
      }, undefined);
      show(choice);
    },
  };
}

/** The page's environment; nothing at all while pages are rendered at build time. */
function pageEnvironment(): ThemeEnvironment {
  if (typeof window === 'undefined') {
    return { storage: null, root: null, systemDark: null, events: null };
  }
  return {
    storage: attempt(() => window.localStorage, null),
    root: document.documentElement,
    systemDark:
      typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK_QUERY) : null,
    events: window,
  };
}

/** The site's one theme store. */
export const themeStore: ThemeStore = createThemeStore(pageEnvironment());

/** What pages are rendered with at build time, where no visitor has chosen anything. */
const PRERENDERED: ThemeState = { choice: 'system', systemDark: false, theme: 'light' };

/** A field of the theme state for a component (hydrated from what was pre-rendered). */
export function useThemeState<Key extends keyof ThemeState>(key: Key): ThemeState[Key] {
  return useSyncExternalStore(
    themeStore.subscribe,
    () => themeStore.getState()[key],
    () => PRERENDERED[key],
  );
}
