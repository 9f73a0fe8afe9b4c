import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app.tsx';
import { preloadPage } from './app/pages.tsx';
import { folder } from './config/routes.ts';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Each HTML file was rendered at build time for one path. Served for that path, the page takes
 * over the HTML as it is; served for another (a host's 404.html), it renders afresh.
 */
function start(root: HTMLElement) {
  const renderedFor = root.dataset.path;
  if (renderedFor !== undefined && renderedFor === folder(window.location.pathname)) {
    // In a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page: the page answers input while it hydrates.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error) {
          console.error('Hydration failed and the page was rendered afresh:', error);
        },
      });
    });
  } else {
    createRoot(root).render(app);
  }
}

// The page's code first, so that neither hydrating nor rendering has to wait for it. If it
// cannot be loaded, the page itself will say so when it tries again. (Not a top-level await:
// that would make the bundler split the entry into many small files.)
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => start(container));
