import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';

/**
 * Renders `element` for unit tests under a memory router at `path`, matched by `pattern`; any
 * other address shows "Elsewhere". Returns the render result and the router's current location.
 */
export function renderAt(path: string, pattern: string, element: ReactNode) {
  let location: Location | undefined;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...result, location: () => location! };
}
