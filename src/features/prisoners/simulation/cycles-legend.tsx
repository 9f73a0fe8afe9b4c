import { cycleColour } from '../grid/palette.ts';
import { usePrisonerStore } from './game-store.ts';
import { useViewSettings } from './view-settings.ts';
import styles from './cycles-legend.module.css';

/** The longest cycles listed; the rest are counted, so a board of 10,000 boxes lists no more. */
const LISTED_CYCLES = 24;

/**
 * With Show cycles or the rings on: the cycles of the arrangement as the prisoners walk it,
 * longest first, in the colours of the boxes and the rings.
 */
export function CyclesLegend() {
  const shown = useViewSettings((view) => view.showCycles || view.rings);
  const cycles = usePrisonerStore((state) => state.cycles);
  const relabelled = usePrisonerStore((state) => state.labels !== null);
  const k = usePrisonerStore((state) => state.board.k);
  if (!shown) return null;
  const dooming = cycles.cycles.find((cycle) => cycle.dooms);
  return (
    <section className={styles.legend} aria-labelledby="cycles-title">
      <h2 id="cycles-title">
        {relabelled ? 'Cycles as the prisoners read the boxes' : 'Cycles of this arrangement'}
      </h2>
      <p>
        {dooming
          ? `A cycle of ${dooming.boxes.length} boxes is longer than ${k}: every prisoner on it fails, so this arrangement dooms the run. On its ring, the red band marks the ${dooming.boxes.length - k} boxes a prisoner never reaches.`
          : `No cycle is longer than ${k}: with the strategy, every prisoner succeeds.`}
      </p>
      <ul>
        {cycles.cycles.slice(0, LISTED_CYCLES).map((cycle, index) => (
          <li key={cycle.boxes[0]} data-dooms={cycle.dooms ? 'true' : undefined}>
            <svg className={styles.swatch} viewBox="0 0 14 14" aria-hidden="true">
              <rect width="14" height="14" rx="4" fill={cycleColour(index)} />
            </svg>
            <span>
              {cycle.boxes.length === 1 ? '1 box' : `${cycle.boxes.length} boxes`}
              {cycle.dooms && <strong> · dooms the run</strong>}
            </span>
          </li>
        ))}
      </ul>
      {cycles.cycles.length > LISTED_CYCLES && (
        <p>
          and {cycles.cycles.length - LISTED_CYCLES} shorter cycles, the longest of them{' '}
          {cycles.cycles[LISTED_CYCLES]!.boxes.length === 1
            ? '1 box'
            : `${cycles.cycles[LISTED_CYCLES]!.boxes.length} boxes`}
          .
        </p>
      )}
    </section>
  );
}
