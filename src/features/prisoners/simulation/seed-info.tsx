import { Link } from 'react-router-dom';
import { paths } from '../../../config/routes.ts';
import { runSearch } from './address.ts';
import { usePrisonerFields } from './game-store.ts';
import styles from './seed-info.module.css';

/** The seed of this run with a link that replays it, and a notice when `?seed=` was unusable. */
export function SeedInfo() {
  const { seed, variant, notices, board } = usePrisonerFields(
    'seed',
    'variant',
    'notices',
    'board',
  );
  const replay = `${paths.prisoner}?${runSearch({ variant, seed, board })}`;
  return (
    <div className={styles.seed}>
      {notices.length > 0 && (
        <div className={styles.seedNotice} role="alert">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}
      {/* Until the seed is known its line keeps its place, unseen. */}
      <p className={seed === null ? styles.pending : undefined} aria-hidden={seed === null}>
        Seed <code data-testid="seed">{seed ?? '–'}</code> ·{' '}
        <Link to={replay} tabIndex={seed === null ? -1 : undefined}>
          Replay this run
        </Link>
      </p>
      <p className={styles.hint}>
        The same seed (with the size, strategy and variant) gives the same arrangement and the same
        reshuffles after every reset.
      </p>
    </div>
  );
}
