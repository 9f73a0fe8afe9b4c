import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { useDocumentMeta } from '../components/document-meta.tsx';
import styles from './error-screen.module.css';

interface ErrorScreenProps {
  /** No page has this address. */
  notFound?: boolean;
  /** What went wrong while rendering, when something did. */
  error?: unknown;
  /** The site frame itself failed: the screen draws its own. */
  standalone?: boolean;
}

/** The screen for unknown addresses and for any error thrown while rendering a page. */
export function ErrorScreen({ notFound = false, error, standalone = false }: ErrorScreenProps) {
  // Hosts may serve this with status 200: keep error pages out of search results.
  useDocumentMeta('Error', 'This page could not be shown.', { noindex: true });
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [notFound, error]);

  const content = (
    <section className={styles.screen} aria-labelledby="error-heading">
      <p className={styles.code} aria-hidden="true">
        {notFound ? 404 : '!'}
      </p>
      <h1 id="error-heading">Unexpected Application Error!</h1>
      <p className={styles.explanation}>
        {notFound
          ? 'There is no page at this address. It may have moved, or the link may have a typo.'
          : 'Something went wrong while showing this page. Reloading often helps; if it does not, the home page is a safe place to start again.'}
      </p>
      <Link className={styles.home} to={paths.home} reloadDocument={standalone}>
        Back to the home page
      </Link>
    </section>
  );

  if (!standalone) return content;
  return (
    <>
      <header className={styles.bar}>
        <nav aria-label="Main">
          <a href={paths.home}>Home</a>
        </nav>
      </header>
      <main className={styles.standaloneMain}>{content}</main>
      <footer className={styles.bar} />
    </>
  );
}
