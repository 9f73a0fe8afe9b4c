import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../config/routes.ts';
import { useDocumentMeta } from './use-document-meta.ts';
import styles from './error-screen.module.css';

function explain(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return 'There is no page at this address. It may have moved, or the link may have a typo.';
  }
  return 'Something went wrong while showing this page. Reloading often helps; if it does not, the home page is a safe place to start again.';
}

/**
 * The screen for unmatched URLs and for any error thrown while rendering a route.
 * `standalone` is used when the layout itself failed, so the screen draws its own frame.
 */
export function ErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  // Hosts that rewrite every path to index.html answer 200: keep error pages out of search.
  useDocumentMeta('Error', 'This page could not be shown.', { noindex: true });
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);

  const content = (
    <section className={styles.screen} aria-labelledby="error-heading">
      <p className={styles.code} aria-hidden="true">
        {isRouteErrorResponse(error) ? error.status : '!'}
      </p>
      <h1 id="error-heading">Unexpected Application Error!</h1>
      <p className={styles.explanation}>{explain(error)}</p>
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
