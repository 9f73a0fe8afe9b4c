import { Outlet } from 'react-router-dom';
import { SiteHeader } from '../components/site-header.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import styles from './layout.module.css';

/** The frame of every page: header with navigation, main content, footer. */
export function Layout({ children }: { children?: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </>
  );
}
