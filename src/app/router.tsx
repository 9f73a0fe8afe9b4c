import { createBrowserRouter, data, type RouteObject } from 'react-router-dom';
import { routes, type RouteKey } from '../config/routes.ts';
import { Layout } from './layout.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { HomePage } from '../pages/home-page.tsx';

/** Unmatched URLs become a 404 route error, shown by the same screen as any other failure. */
function notFound(): never {
  throw data('Not found', { status: 404 });
}

/** Shown inside the site frame while the first route's code is still loading. */
function RouteLoading() {
  return (
    <Layout>
      <p role="status">Loading…</p>
    </Layout>
  );
}

/** The page of each route: the home page ships with the frame, every other page loads lazily. */
const pages: Record<RouteKey, Omit<RouteObject, 'path' | 'index' | 'children'>> = {
  home: { element: <HomePage /> },
  resume: {
    lazy: () => import('../pages/resume-page.tsx').then((m) => ({ Component: m.ResumePage })),
  },
  contact: {
    lazy: () => import('../pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
  },
  prisoner: {
    lazy: () => import('../pages/prisoner-page.tsx').then((m) => ({ Component: m.PrisonerPage })),
  },
  lab: {
    lazy: () => import('../pages/lab-page.tsx').then((m) => ({ Component: m.LabPage })),
  },
  project: {
    lazy: () => import('../pages/project-page.tsx').then((m) => ({ Component: m.ProjectPage })),
  },
};

export const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    // Last resort: the layout itself failed, so the error screen brings its own frame.
    errorElement: <ErrorScreen standalone />,
    HydrateFallback: RouteLoading,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          ...(Object.keys(pages) as RouteKey[]).map(
            (key) => ({ ...pages[key], path: routes[key].pattern }) as RouteObject,
          ),
          // The loader always throws, so the error screen renders; `element: null` says so explicitly.
          { path: '*', loader: notFound, element: null },
        ],
      },
    ],
  },
]);
