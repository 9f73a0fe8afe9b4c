import { useMemo, useRef } from 'react';
import { PRISONER_COUNT } from '../engine/constants.ts';
import { exactSuccessProbability } from '../engine/exact.ts';
import {
  parseSettings,
  type LabSettings,
  type SettingField,
  type SettingsDraft,
} from '../engine/lab-settings.ts';
import type { TrialExample } from '../engine/streams.ts';
import { ConvergencePlot } from './convergence-plot.tsx';
import { FreedPlot } from './freed-plot.tsx';
import { MAX_HISTOGRAM_BINS, binEdges } from './histogram-bins.ts';
import { LongestCyclePlot } from './longest-cycle-plot.tsx';
import { RunResults } from './run-results.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useExactBins } from './use-exact-bins.ts';
import { trialHref } from './trial-link.ts';
import { useLabRun } from './use-lab-run.ts';
import styles from './lab-view.module.css';

interface LabViewProps {
  draft: SettingsDraft;
  onDraftChange: (draft: SettingsDraft) => void;
  /** A run started with these settings and this seed. */
  onRunStart?: (settings: LabSettings, seed: number) => void;
}

/** The lab: settings, a live run on every core but one, and its statistics against the exact values. */
export function LabView({ draft, onDraftChange, onRunStart }: LabViewProps) {
  const { settings: valid, errors } = useMemo(() => parseSettings(draft), [draft]);
  const { snapshot, start, cancel, continueOnCpu, gpu } = useLabRun({ onStart: onRunStart });
  const results = useRef<HTMLElement>(null);
  const running = snapshot?.status === 'running';

  // Results describe the last run; before any run, the current valid settings.
  const shown: LabSettings | null = snapshot?.settings ?? valid;
  const exact = shown ? exactSuccessProbability(shown.n, shown.k, shown.strategy) : null;
  const n = shown?.n ?? 1;
  const edges = useMemo(() => binEdges(n, MAX_HISTOGRAM_BINS), [n]);
  const exactBins = useExactBins(n, edges, shown?.strategy ?? 'cycle');
  const emptyCounts = useMemo(() => new Float64Array(n + 1), [n]);
  const trials = snapshot?.trials ?? 0;
  // Once a run has ended, its histogram's bars open its examples on the simulation's board
  // (which has the specification's 100 boxes); only literal runs of the loop strategy keep them.
  const examples = useMemo(
    () =>
      snapshot && snapshot.status !== 'running' && snapshot.settings.n === PRISONER_COUNT
        ? {
            trials: snapshot.longestCycleExamples,
            hrefOf: (example: TrialExample) => trialHref(snapshot, example),
          }
        : undefined,
    [snapshot],
  );

  return (
    <div className={styles.lab}>
      <section className={styles.panel} aria-labelledby="lab-settings-heading">
        <h2 id="lab-settings-heading">Settings</h2>
        <SettingsForm
          draft={draft}
          errors={errors}
          valid={valid !== null}
          running={running}
          gpu={gpu}
          onChange={(field: SettingField, value: string) =>
            onDraftChange({ ...draft, [field]: value })
          }
          onRun={() => {
            if (!valid) return;
            start(valid);
            showResults(results.current);
          }}
          onCancel={cancel}
        />
      </section>

      <section ref={results} className={styles.panel} aria-labelledby="lab-results-heading">
        <h2 id="lab-results-heading">Results</h2>
        <RunResults
          snapshot={snapshot}
          shown={shown}
          exact={exact}
          onRetry={start}
          onContinueOnCpu={continueOnCpu}
        />
      </section>

      {shown && exact !== null && (
        <div className={styles.plots}>
          <LongestCyclePlot
            n={shown.n}
            k={shown.k}
            strategy={shown.strategy}
            trials={trials}
            longestCycle={snapshot?.longestCycle ?? emptyCounts}
            edges={edges}
            exact={exactBins}
            examples={examples}
          />
          <ConvergencePlot
            points={snapshot?.convergence ?? []}
            exact={exact}
            plannedTrials={shown.trials}
          />
          {shown.strategy !== 'random' && (
            <FreedPlot
              n={shown.n}
              afterSwap={shown.strategy === 'swap'}
              trials={trials}
              freed={snapshot?.freed ?? emptyCounts}
            />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Brings the results (progress first) into view when they are not: on a phone they sit below
 * the settings, out of sight of the Run button.
 */
function showResults(section: HTMLElement | null): void {
  if (!section) return;
  const { top } = section.getBoundingClientRect();
  const header = parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
  if (top >= header && top + 120 <= window.innerHeight) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
}
