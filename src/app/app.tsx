import { Route, Routes } from 'react-router-dom';
import { routes, type RouteKey } from '../config/routes.ts';
import { ErrorScreen } from './error-screen.tsx';
import { Layout } from './layout.tsx';
import { pages } from './pages.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** Every route of the table inside the site frame; any other address is the error screen. */
export function App() {
  return (
    // Last resort: the frame itself failed, so the error screen brings its own.
    <RouteErrorBoundary fallback={(error) => <ErrorScreen error={error} standalone />}>
      <Routes>
        <Route element={<Layout />}>
          {(Object.keys(routes) as RouteKey[]).map((key) => {
            const Page = pages[key];
            return <Route key={key} path={routes[key].pattern} element={<Page />} />;
          })}
          <Route path="*" element={<ErrorScreen notFound />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
