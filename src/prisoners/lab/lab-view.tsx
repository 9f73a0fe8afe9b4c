import { useId, useMemo, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { exactSuccessProbability } from '../engine/exact.ts';
import {
  N_MAX,
  TRIALS_MAX,
  parseSettings,
  type LabSettings,
  type SettingField,
  type SettingsDraft,
} from '../engine/lab-settings.ts';
import { differenceInStandardErrors, wilsonInterval } from '../engine/statistics.ts';
import { ConvergencePlot } from './convergence-plot.tsx';
import {
  binEdges,
  formatCount,
  formatPercent,
  formatReadable,
  formatStandardErrors,
  formatThroughput,
} from './format.ts';
import { FreedPlot } from './freed-plot.tsx';
import { LongestCyclePlot } from './longest-cycle-plot.tsx';
import { useExactBins } from './use-exact-bins.ts';
import { useLabRun } from './use-lab-run.ts';
import styles from './lab.module.css';

/** Histogram bins: one per length up to this many. */
const MAX_BINS = 100;

interface LabViewProps {
  draft: SettingsDraft;
  onDraftChange: (draft: SettingsDraft) => void;
}

interface FieldProps {
  field: SettingField;
  label: string;
  hint: string;
  draft: SettingsDraft;
  error: string | undefined;
  onChange: (field: SettingField, value: string) => void;
  disabled: boolean;
  placeholder?: string;
}

function NumberField({
  field,
  label,
  hint,
  draft,
  error,
  onChange,
  disabled,
  placeholder,
}: FieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={field}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={draft[field]}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        disabled={disabled}
        onChange={(event) => onChange(field, event.target.value)}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

function SelectField({
  field,
  label,
  hint,
  draft,
  error,
  onChange,
  disabled,
  options,
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const known = options.some((o) => o.value === draft[field]);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={field}
        value={known ? draft[field] : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        disabled={disabled}
        onChange={(event) => onChange(field, event.target.value)}
      >
        {!known && (
          <option value="" disabled>
            Choose…
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The lab: settings, a live run on every core but one, and its statistics against the exact values. */
export function LabView({ draft, onDraftChange }: LabViewProps) {
  const { settings: valid, errors } = useMemo(() => parseSettings(draft), [draft]);
  const { snapshot, start, cancel } = useLabRun();
  const running = snapshot?.status === 'running';

  const change = (field: SettingField, value: string): void => {
    onDraftChange({ ...draft, [field]: value });
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (valid && !running) start(valid);
  };

  // Results describe the last run; before any run, the current valid settings.
  const shown: LabSettings | null = snapshot?.settings ?? valid;
  const exact = shown ? exactSuccessProbability(shown.n, shown.k, shown.strategy) : null;
  const edges = useMemo(() => binEdges(shown?.n ?? 1, MAX_BINS), [shown?.n]);
  const exactBins = useExactBins(shown?.n ?? 1, edges);
  const emptyCounts = useMemo(() => new Float64Array((shown?.n ?? 1) + 1), [shown?.n]);

  const trials = snapshot?.trials ?? 0;
  const successes = snapshot?.successes ?? 0;
  const rate = trials > 0 ? successes / trials : null;
  const [low, high] = wilsonInterval(successes, trials);
  const difference = exact !== null ? differenceInStandardErrors(successes, trials, exact) : NaN;
  const percentDone = snapshot
    ? snapshot.status === 'done'
      ? 100
      : Math.floor((snapshot.trials / snapshot.settings.trials) * 100)
    : 0;
  const watchable =
    snapshot !== null &&
    snapshot.watchState !== null &&
    snapshot.settings.n === PRISONER_COUNT &&
    snapshot.settings.k === GUESS_LIMIT &&
    snapshot.settings.strategy === 'cycle';

  return (
    <div className={styles.lab}>
      <section className={styles.panel} aria-labelledby="lab-settings-heading">
        <h2 id="lab-settings-heading" className={styles.panelTitle}>
          Settings
        </h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.fields}>
            <NumberField
              field="n"
              label="Prisoners (n)"
              hint={`1 to ${N_MAX}`}
              draft={draft}
              error={errors.n}
              onChange={change}
              disabled={running}
            />
            <NumberField
              field="k"
              label="Guesses per prisoner (k)"
              hint="0 to n; half of n is the classic puzzle"
              draft={draft}
              error={errors.k}
              onChange={change}
              disabled={running}
            />
            <NumberField
              field="trials"
              label="Trials"
              hint={`1 to ${formatReadable(TRIALS_MAX)}; 1e7 works too`}
              draft={draft}
              error={errors.trials}
              onChange={change}
              disabled={running}
            />
            <SelectField
              field="strategy"
              label="Strategy"
              hint="Follow the slips, or open boxes at random"
              draft={draft}
              error={errors.strategy}
              onChange={change}
              disabled={running}
              options={[
                { value: 'cycle', label: 'cycle: follow the slips' },
                { value: 'random', label: 'random: k random boxes' },
              ]}
            />
            <SelectField
              field="method"
              label="Method"
              hint="How each trial is simulated"
              draft={draft}
              error={errors.method}
              onChange={change}
              disabled={running}
              options={[
                { value: 'literal', label: 'literal: shuffle every box' },
                { value: 'fast', label: 'fast: sample the cycles' },
              ]}
            />
            <NumberField
              field="seed"
              label="Seed"
              hint="Blank for a fresh random seed"
              placeholder="random"
              draft={draft}
              error={errors.seed}
              onChange={change}
              disabled={running}
            />
          </div>
          <p className={styles.methodNote}>
            <strong>fast</strong> never builds the boxes: it draws the cycle lengths directly (the
            cycle through the lowest remaining box has a length uniform from 1 to the number of
            boxes left), which gives exactly the same distribution of outcomes at a fraction of the
            cost.
          </p>
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={!valid || running}>
              Run
            </button>
            <button type="button" className={styles.secondary} onClick={cancel} disabled={!running}>
              Cancel
            </button>
            {!valid && (
              <span className={styles.formStatus} role="status">
                Fix the highlighted settings to run.
              </span>
            )}
          </div>
        </form>
      </section>

      <section className={styles.panel} aria-labelledby="lab-results-heading">
        <div className={styles.resultsHeader}>
          <h2 id="lab-results-heading" className={styles.panelTitle}>
            Results
          </h2>
          {shown && (
            <p className={styles.runLabel}>
              n = {shown.n}, k = {shown.k}, {shown.strategy} strategy, {shown.method}
              {snapshot && (
                <>
                  {' '}
                  · seed {snapshot.seed} · {snapshot.workers} worker
                  {snapshot.workers === 1 ? '' : 's'}
                </>
              )}
            </p>
          )}
        </div>

        <div className={styles.progressRow}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="Run progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentDone}
            aria-valuetext={`${percentDone}%`}
          >
            <div className={styles.progressFill} style={{ width: `${percentDone}%` }} />
          </div>
          <span className={styles.progressText}>
            {percentDone}% · {formatThroughput(snapshot?.trialsPerSecond ?? 0)}
            {snapshot && snapshot.status !== 'running' && (
              <>
                {' '}
                · {snapshot.status === 'done' ? 'finished' : snapshot.status} in{' '}
                {(snapshot.elapsedMs / 1000).toFixed(2)} s
              </>
            )}
          </span>
        </div>

        {snapshot?.status === 'failed' && (
          <div className={styles.alert} role="alert">
            <p>
              <strong>The run stopped early.</strong> {snapshot.error} The results below count the
              trials finished before that.
            </p>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => start({ ...snapshot.settings, seed: snapshot.seed })}
            >
              Retry
            </button>
          </div>
        )}

        <div className={styles.outputs}>
          <div className={`${styles.stat} ${styles.statMain}`}>
            <label htmlFor="lab-success-rate">Success rate</label>
            <output id="lab-success-rate" aria-live="off" data-value={rate ?? ''}>
              {rate === null ? '–' : formatPercent(rate)}
            </output>
            <span className={styles.statNote}>
              {rate === null
                ? 'share of trials where everyone went free'
                : `95% CI ${formatPercent(low)} – ${formatPercent(high)}`}
            </span>
          </div>
          <div className={styles.stat}>
            <label htmlFor="lab-exact">Exact</label>
            <output id="lab-exact" aria-live="off" data-value={exact ?? ''}>
              {exact === null ? '–' : formatPercent(exact)}
            </output>
            <span className={styles.statNote}>
              {shown?.strategy === 'random' ? '(k/n)^n' : 'P(longest cycle ≤ k)'}
            </span>
          </div>
          <div className={styles.stat}>
            <label htmlFor="lab-difference">Difference</label>
            <output id="lab-difference" aria-live="off">
              {formatStandardErrors(difference)}
            </output>
            <span className={styles.statNote}>standard errors from exact</span>
          </div>
          <div className={styles.stat}>
            <label htmlFor="lab-trials">Trials</label>
            <output id="lab-trials" aria-live="off">
              {formatCount(trials)}
            </output>
            <span className={styles.statNote}>
              of {formatReadable(snapshot?.settings.trials ?? valid?.trials ?? 0)} planned
            </span>
          </div>
        </div>

        {watchable && (
          <p className={styles.watch}>
            <Link to={`${paths.prisoner}?seed=${snapshot.watchState}`} className={styles.watchLink}>
              Watch a failing trial
            </Link>{' '}
            <span className={styles.hint}>
              Replays a trial of this run in the simulation from its generator state: a cycle longer
              than {GUESS_LIMIT} boxes dooms everyone.
            </span>
          </p>
        )}
      </section>

      {shown && exact !== null && (
        <div className={styles.plots}>
          <LongestCyclePlot
            n={shown.n}
            k={shown.k}
            markLimit={shown.strategy === 'cycle'}
            trials={trials}
            longestCycle={snapshot?.longestCycle ?? emptyCounts}
            edges={edges}
            exact={exactBins}
          />
          <ConvergencePlot
            points={snapshot?.convergence ?? []}
            exact={exact}
            plannedTrials={shown.trials}
          />
          {shown.strategy === 'cycle' && (
            <FreedPlot n={shown.n} trials={trials} freed={snapshot?.freed ?? emptyCounts} />
          )}
        </div>
      )}
    </div>
  );
}
