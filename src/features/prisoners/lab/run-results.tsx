import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { differenceInStandardErrors, wilsonInterval } from '../engine/statistics.ts';
import buttons from '../../../components/buttons.module.css';
import {
  formatCount,
  formatPercent,
  formatStandardErrors,
  formatThroughput,
} from '../simulation/format.ts';
import type { RunSnapshot } from '../runtime/run-state.ts';
import { trialHref } from './trial-link.ts';
import styles from './run-results.module.css';
import type { Strategy } from '../engine/types.ts';

interface RunResultsProps {
  /** The last run, or null before the first. */
  snapshot: RunSnapshot | null;
  /** What the results describe: the last run's settings, or the valid settings before any run. */
  shown: LabSettings | null;
  exact: number | null;
  onRetry(settings: LabSettings): void;
  /** Finishes a failed GPU run on the CPU workers, keeping what it counted. */
  onContinueOnCpu(): void;
}

/** What the exact value is, for each strategy. */
const EXACT_NOTES: Record<Strategy, ReactNode> = {
  cycle: 'P(longest cycle ≤ k)',
  random: (
    <>
      (k/n)<sup>n</sup>
    </>
  ),
  swap: 'P(longest cycle ≤ k after the swap)',
};

interface StatProps {
  id: string;
  label: string;
  value: string;
  note: ReactNode;
  main?: boolean;
  dataValue?: number | null;
}

function Stat({ id, label, value, note, main = false, dataValue }: StatProps) {
  return (
    <div className={main ? `${styles.stat} ${styles.main}` : styles.stat}>
      <label htmlFor={id}>{label}</label>
      <output id={id} aria-live="off" data-value={dataValue ?? undefined}>
        {value}
      </output>
      <span className={styles.statNote}>{note}</span>
    </div>
  );
}

/** Runs expected to take longer than this show the time they have left. */
const SHOW_TIME_LEFT_AFTER_S = 5;

/** How long the run took ("finished in", "cancelled after"), or while it runs, how long is left. */
function timing({ status, elapsedMs, trials, settings, trialsPerSecond }: RunSnapshot): string {
  const seconds = (elapsedMs / 1000).toFixed(2);
  if (status === 'done') return `finished in ${seconds} s`;
  if (status !== 'running') return `${status} after ${seconds} s`;
  if (!(trialsPerSecond > 0)) return '';
  const left = (settings.trials - trials) / trialsPerSecond;
  if (elapsedMs / 1000 + left <= SHOW_TIME_LEFT_AFTER_S) return '';
  return `about ${formatDuration(left)} left`;
}

/** A duration to come, rounded up: "8 s", "2 min 5 s", "1 h 3 min". */
function formatDuration(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/** Progress, the success rate against the exact value, a failure with Retry, and a trial to watch. */
export function RunResults({ snapshot, shown, exact, onRetry, onContinueOnCpu }: RunResultsProps) {
  const trials = snapshot?.trials ?? 0;
  const successes = snapshot?.successes ?? 0;
  const rate = trials > 0 ? successes / trials : null;
  const [low, high] = wilsonInterval(successes, trials);
  const difference = exact !== null ? differenceInStandardErrors(successes, trials, exact) : NaN;
  const percentDone = !snapshot
    ? 0
    : snapshot.status === 'done'
      ? 100
      : Math.floor((snapshot.trials / snapshot.settings.trials) * 100);
  const planned = snapshot?.settings.trials ?? shown?.trials ?? 0;
  const timed = snapshot ? timing(snapshot) : '';
  // The simulation page plays 100 prisoners with 50 guesses, following the slips.
  const watchable =
    snapshot !== null &&
    snapshot.watch !== null &&
    snapshot.settings.n === PRISONER_COUNT &&
    snapshot.settings.k === GUESS_LIMIT &&
    snapshot.settings.strategy === 'cycle';

  return (
    <>
      <div className={styles.header}>
        {shown && (
          <p className={styles.runLabel}>
            n = {shown.n}, k = {shown.k}, {shown.strategy} strategy, {shown.method}
            {snapshot && ` · seed ${snapshot.seed}`}
          </p>
        )}
      </div>
      {!snapshot && typeof shown?.seed === 'number' && (
        // A shared address holds a run's settings and seed, not its results: Run brings them back.
        <p className={styles.deviceNote}>
          Nothing has run on this page yet. Run reproduces the results of seed {shown.seed} with
          these settings, to the trial.
        </p>
      )}
      {snapshot && (
        <p className={styles.device}>
          {snapshot.status === 'running' ? 'Running on' : 'Ran on'}: {snapshot.ranOn}
        </p>
      )}
      {snapshot?.deviceNote && (
        <p className={styles.deviceNote} role="status">
          {snapshot.deviceNote}
        </p>
      )}

      <div className={styles.progressRow}>
        <progress
          className={styles.progress}
          aria-label="Run progress"
          aria-valuetext={`${percentDone}%`}
          max={100}
          value={percentDone}
        />
        <span className={styles.progressText}>
          {percentDone}% · {formatThroughput(snapshot?.trialsPerSecond ?? 0)}
          {timed && ` · ${timed}`}
        </span>
      </div>

      {snapshot?.status === 'failed' && (
        <div className={styles.alert} role="alert">
          <p>
            <strong>The run stopped early.</strong> {snapshot.error} The results below count the
            trials finished before that.
          </p>
          <div className={styles.alertActions}>
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => onRetry({ ...snapshot.settings, seed: snapshot.seed })}
            >
              Retry
            </button>
            {snapshot.continuable && (
              <button type="button" className={buttons.secondary} onClick={onContinueOnCpu}>
                Continue on the CPU workers
              </button>
            )}
          </div>
        </div>
      )}

      <div className={styles.outputs}>
        <Stat
          main
          id="lab-success-rate"
          label="Success rate"
          value={rate === null ? '–' : formatPercent(rate)}
          dataValue={rate}
          note={
            rate === null
              ? 'share of trials where everyone went free'
              : `Successes ${formatCount(successes)} of ${formatCount(trials)} · 95% CI ${formatPercent(low)} – ${formatPercent(high)}`
          }
        />
        <Stat
          id="lab-exact"
          label="Exact"
          value={exact === null ? '–' : formatPercent(exact)}
          dataValue={exact}
          note={EXACT_NOTES[shown?.strategy ?? 'cycle']}
        />
        <Stat
          id="lab-difference"
          label="Difference"
          value={formatStandardErrors(difference)}
          note="standard errors from exact"
        />
        <Stat
          id="lab-trials"
          label="Trials"
          value={formatCount(trials)}
          dataValue={trials}
          note={
            // The GPU's wave under way is counted once it is whole: shown apart until then.
            `of ${formatCount(planned)} planned` +
            (snapshot?.inFlightTrials
              ? ` · ${formatCount(snapshot.inFlightTrials)} more under way`
              : '')
          }
        />
      </div>

      {watchable && (
        <p className={styles.watch}>
          <Link to={trialHref(snapshot, snapshot.watch!)}>Watch a failing trial</Link>{' '}
          <span className={styles.hint}>
            Replays a trial of this run in the simulation from its generator state: a cycle longer
            than {GUESS_LIMIT} boxes dooms everyone.
          </span>
        </p>
      )}
    </>
  );
}
