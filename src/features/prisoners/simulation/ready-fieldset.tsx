import type { ReactNode } from 'react';
import { useSimulationReady } from './use-simulation-ready.ts';

interface ReadyFieldsetProps {
  className?: string;
  children: ReactNode;
}

/**
 * The page's controls, disabled until the page answers, so no click is lost or taken late. Its
 * own component: when the page becomes ready only the fieldset renders again, not the children
 * the page handed it (all of the simulation's views, just hydrated).
 */
export function ReadyFieldset({ className, children }: ReadyFieldsetProps) {
  const ready = useSimulationReady();
  return (
    <fieldset className={className} disabled={!ready} aria-busy={!ready}>
      {children}
    </fieldset>
  );
}
