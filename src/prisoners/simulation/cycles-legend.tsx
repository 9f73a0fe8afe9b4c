import { GUESS_LIMIT } from '../engine/constants.ts';
import { cycleColour } from '../grid/palette.ts';
import { usePrisonerStore } from '../store.ts';
import styles from './cycles-legend.module.css';

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
            <svg className={styles.swatch} viewBox="0 0 14 14" aria-hidden="true">
              <rect width="14" height="14" rx="4" fill={cycleColour(index)} />
            </svg>
            {cycle.boxes.length === 1 ? '1 box' : `${cycle.boxes.length} boxes`}
            {cycle.dooms && <strong> · dooms the run</strong>}
            <span className={styles.cycleStart}> from box {(cycle.boxes[0] ?? 0) + 1}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
