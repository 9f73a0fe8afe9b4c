import { Link } from 'react-router-dom';
import { paths } from '../../config/routes.ts';
import { usePrisonerStore } from '../store.ts';
import styles from './seed-info.module.css';

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
      {/* Until the seed is known its line keeps its place, unseen. */}
      <p className={seed === null ? styles.pending : undefined} aria-hidden={seed === null}>
        Seed <code data-testid="seed">{seed ?? '–'}</code> ·{' '}
        <Link to={`${paths.prisoner}?seed=${seed ?? ''}`} tabIndex={seed === null ? -1 : undefined}>
          Replay this run
        </Link>
      </p>
      <p className={styles.hint}>
        The same seed gives the same arrangement and the same reshuffles after every reset.
      </p>
    </div>
  );
}
