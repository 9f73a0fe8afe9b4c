import { startTransition, useEffect, useState } from 'react';
import type { LabSettings } from '../engine/lab-settings.ts';
import type { RunSnapshot } from '../runtime/run-state.ts';
import type { GpuAvailability } from './device-choice.ts';
import {
  createLabRunController,
  type LabRunController,
  type LabRunOptions,
  type LabRunView,
} from './lab-run-controller.ts';

export type { GpuEnvironment, LabRunOptions } from './lab-run-controller.ts';

export interface LabRun {
  /** The current run, or the one kept for this address; null before any. */
  snapshot: RunSnapshot | null;
  gpu: GpuAvailability;
  start(settings: LabSettings): void;
  cancel(): void;
  continueOnCpu(): void;
}

/**
 * The lab's run controller (lab-run-controller.ts) for a component: made once, given the latest
 * options after every render (they apply to the next run), opened when the component mounts and
 * closed when it unmounts (its run cancelled, its workers terminated).
 */
export function useLabRun(options: LabRunOptions = {}): LabRun {
  const [controller] = useState<LabRunController>(() => createLabRunController(options));
  const [view, setView] = useState<LabRunView>(() => controller.view);

  useEffect(() => controller.setOptions(options));

  useEffect(() => {
    const unsubscribe = controller.subscribe((next, urgent) => {
      // Updates render as transitions, so React can split the work and keep frames coming;
      // only what must show at once does not wait.
      if (urgent) setView(next);
      else startTransition(() => setView(next));
    });
    controller.open(window.location.search);
    return () => {
      unsubscribe();
      controller.close();
    };
  }, [controller]);

  return {
    snapshot: view.snapshot,
    gpu: view.gpu,
    start: controller.start,
    cancel: controller.cancel,
    continueOnCpu: controller.continueOnCpu,
  };
}
