/**
 * Renders one page to HTML at build time, for scripts/prerender.ts. The same App as in the
 * browser, under a StaticRouter at the page's path, waiting for every lazy part to load.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app.tsx';
import { HeadTagCollector, type HeadTag } from './components/document-meta.tsx';
import { lazyPageModule, preloadPage, routeAt } from './app/pages.tsx';

export { sitePages } from './config/routes.ts';

export interface RenderedPage {
  /** The HTML of the app, for inside #root. */
  html: string;
  /** The head tags the page asked for (the last page to ask wins). */
  head: HeadTag[];
  /** The source module of the page's own chunk, if it has one. */
  pageModule: string | null;
}

async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** The page at `pathname`, rendered as the browser will first render it. */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  let head: HeadTag[] = [];
  const errors: unknown[] = [];
  await preloadPage(pathname);
  const { prelude } = await prerenderToNodeStream(
    <HeadTagCollector.Provider value={(tags) => (head = tags)}>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </HeadTagCollector.Provider>,
    {
      onError: (error) => void errors.push(error),
      // Never split a finished boundary off behind an inline script, however large it is: the
      // site's policy runs no inline script, so every page must arrive as one plain document.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await readAll(prelude as unknown as AsyncIterable<Uint8Array | string>);
  // An error inside a Suspense boundary would leave the browser to render that part itself.
  if (errors.length > 0) throw errors[0];
  return { html, head, pageModule: lazyPageModule(routeAt(pathname)) };
}
