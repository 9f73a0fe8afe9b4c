import { Link } from 'react-router-dom';
import { paths } from '../../config/routes.ts';
import { GUESS_LIMIT } from '../engine/constants.ts';
import { cycleColour } from '../grid/palette.ts';
import { usePrisonerStore } from '../store.ts';
import styles from './simulation.module.css';

/** The seed of this run with a link that replays it, and a notice when `?seed=` was unusable. */
export function SeedInfo() {
  const seed = usePrisonerStore((state) => state.seed);
  const notice = usePrisonerStore((state) => state.seedNotice);
  return (
    <div className={styles.seed}>
      {notice && (
        <p className={styles.seedNotice} role="alert">
          {notice}
        </p>
      )}
      <p>
        Seed <code data-testid="seed">{seed}</code> ·{' '}
        <Link to={`${paths.prisoner}?seed=${seed}`}>Replay this run</Link>
      </p>
      <p className={styles.hint}>
        The same seed gives the same arrangement and the same reshuffles after every reset.
      </p>
    </div>
  );
}

/** With Show cycles on: the loops of the current arrangement, longest first. */
export function CyclesLegend() {
  const showCycles = usePrisonerStore((state) => state.showCycles);
  const cycles = usePrisonerStore((state) => state.cycles);
  if (!showCycles) return null;
  const dooming = cycles.cycles.find((cycle) => cycle.dooms);
  return (
    <section className={styles.legend} aria-labelledby="cycles-title">
      <h2 id="cycles-title">Cycles of this arrangement</h2>
      <p>
        {dooming
          ? `A cycle of ${dooming.boxes.length} boxes is longer than ${GUESS_LIMIT}: every prisoner on it fails, so this arrangement dooms the run.`
          : `No cycle is longer than ${GUESS_LIMIT}: with the strategy, every prisoner succeeds.`}
      </p>
      <ul>
        {cycles.cycles.map((cycle, index) => (
          <li key={cycle.boxes[0]} data-dooms={cycle.dooms ? 'true' : undefined}>
            <span
              className={styles.swatch}
              style={{ background: cycleColour(index) }}
              aria-hidden="true"
            />
            {cycle.boxes.length === 1 ? '1 box' : `${cycle.boxes.length} boxes`}
            {cycle.dooms && <strong> · dooms the run</strong>}
            <span className={styles.cycleStart}> from box {(cycle.boxes[0] ?? 0) + 1}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
