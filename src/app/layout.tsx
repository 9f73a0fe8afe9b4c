import { Suspense, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SiteHeader } from '../components/site-header.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { PageArrival } from './page-arrival.tsx';
import { UpdateNotice } from './update-notice.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import styles from './layout.module.css';

/**
 * The skip link's way to the page: focus moves to main without a history entry (the link's
 * address, #main, serves pages without scripts).
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

/** The frame of every page: a skip link, header with navigation, the page, footer. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className={styles.skipLink} href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* A page that fails shows the error screen inside the frame, until the next address. */}
        <RouteErrorBoundary resetKey={pathname} fallback={(error) => <ErrorScreen error={error} />}>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {/* After the page: navigations are transitions, so it runs once the new page is there. */}
      <PageArrival />
      <SiteFooter />
      <UpdateNotice />
    </>
  );
}
