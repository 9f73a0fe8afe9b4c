import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { profile } from '../content/profile.ts';
import { ThemeToggle } from './theme/theme-toggle.tsx';
import styles from './site-header.module.css';

/** The spec's three links, and the site's centrepiece beside the other project. */
export const navLinks = [
  { label: 'AI tool', to: paths.project('AI_tool') },
  { label: '100 prisoners', to: paths.prisoner },
  { label: 'Resume', to: paths.resume },
  { label: 'Contact', to: paths.contact },
] as const;

const MENU_ID = 'site-menu';
/** Matches the CSS breakpoint above which the links are always visible. */
const DESKTOP_QUERY = '(min-width: 768px)';

/** What Tab reaches in the open menu: its links and the theme group's one stop. */
function menuStops(menu: HTMLElement | null): HTMLElement[] {
  const controls = [...(menu?.querySelectorAll<HTMLElement>('a, input') ?? [])];
  const radios = controls.filter(
    (control): control is HTMLInputElement => control instanceof HTMLInputElement,
  );
  const checked = radios.find((radio) => radio.checked) ?? radios[0];
  return controls.filter(
    (control) => !(control instanceof HTMLInputElement) || control === checked,
  );
}

/**
 * Top bar with the main navigation and the theme switch. Under 768 px both fold into a menu
 * behind a toggle; Escape, following a link, clicking outside or widening the window closes it.
 * The current page's link is marked (aria-current); the lab is a page of its own.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
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
      // Keep Tab cycling between the toggle and the menu while the menu covers the page.
      const focusable = [toggle.current, ...menuStops(menu.current)].filter(
        (element): element is HTMLElement => element !== null,
      );
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
        <Link
          to={paths.home}
          className={styles.brand}
          aria-current={pathname === paths.home ? 'page' : undefined}
        >
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
        <div ref={menu} id={MENU_ID} className={styles.menu} data-open={open}>
          <ul className={styles.links}>
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={styles.link} onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ThemeToggle className={styles.theme} />
        </div>
      </nav>
    </header>
  );
}
