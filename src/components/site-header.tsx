import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { profile } from '../content/profile.ts';
import styles from './site-header.module.css';

export const navLinks = [
  { label: 'AI tool', to: paths.project('AI_tool') },
  { label: 'Resume', to: paths.resume },
  { label: 'Contact', to: paths.contact },
] as const;

const MENU_ID = 'site-menu';
/** Matches the CSS breakpoint above which the links are always visible. */
const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * Top bar with the main navigation. Under 768 px the links fold into a menu behind a toggle;
 * Escape, following a link, clicking outside or widening the window closes it.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // A route change (including the browser's back button) always folds the menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    // Move focus into the menu so keyboard users land on its first link.
    menu.current?.querySelector<HTMLAnchorElement>('a')?.focus();

    const close = (restoreFocus: boolean) => {
      setOpen(false);
      if (restoreFocus) toggle.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
        return;
      }
      if (event.key !== 'Tab' || !nav.current) return;
      // Keep Tab cycling between the toggle and the menu links while the menu covers the page.
      const focusable = [
        toggle.current,
        ...(menu.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []),
      ].filter((element): element is HTMLButtonElement | HTMLAnchorElement => element !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    const onPointerDown = (event: MouseEvent) => {
      if (!nav.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);

    const desktop =
      typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_QUERY) : null;
    const onWiden = (event: MediaQueryListEvent) => {
      if (event.matches) close(false);
    };
    desktop?.addEventListener('change', onWiden);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
      desktop?.removeEventListener('change', onWiden);
    };
  }, [open]);

  return (
    <header className={styles.header}>
      <nav ref={nav} className={styles.nav} aria-label="Main">
        <Link to={paths.home} className={styles.brand}>
          <span className={styles.monogram} aria-hidden="true">
            SH
          </span>
          <span className={styles.name}>
            {profile.name}
            <span className="visually-hidden">, home page</span>
          </span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.burger} aria-hidden="true" data-open={open}>
            <span />
            <span />
            <span />
          </span>
          Menu
        </button>
        <ul ref={menu} id={MENU_ID} className={styles.menu} data-open={open}>
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={styles.link} onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
