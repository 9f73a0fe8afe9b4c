import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useBrowserValue } from '../components/use-browser-value.ts';
import { paths } from '../config/routes.ts';
import { useDocumentMeta } from '../components/document-meta.tsx';
import {
  defaultDraft,
  defaultGuesses,
  draftFromQuery,
  LabView,
  parseWholeNumber,
  queryFromDraft,
  queryOfRun,
  type LabSettings,
  type SettingsDraft,
} from '../features/prisoners/lab.ts';
import styles from './lab-page.module.css';

/** /projects/prisoner/lab: millions of trials in Web Workers, against the exact mathematics. */
export function LabPage() {
  useDocumentMeta(
    'The 100 prisoners lab',
    'Millions of seeded 100-prisoner trials per second in Web Workers, converging live on the exact probability.',
  );
  const [, setSearchParams] = useSearchParams();
  // The settings start from the address, which only the browser knows (pre-rendered HTML shows
  // the defaults); once the visitor edits them, their own draft takes over.
  const query = useBrowserValue(() => window.location.search, null);
  const [edited, setDraft] = useState<SettingsDraft | null>(null);
  const fromAddress = useMemo(
    () => (query === null ? defaultDraft() : draftFromQuery(query)),
    [query],
  );
  const draft = edited ?? fromAddress;

  const changeDraft = useCallback(
    (next: SettingsDraft) => {
      // Guesses that followed "half of n" keep following it when n changes.
      const previousN = parseWholeNumber(draft.n);
      const nextN = parseWholeNumber(next.n);
      if (
        next.n !== draft.n &&
        next.k === draft.k &&
        previousN !== null &&
        nextN !== null &&
        draft.k === String(defaultGuesses(previousN))
      ) {
        next = { ...next, k: String(defaultGuesses(nextN)) };
      }
      setDraft(next);
      setSearchParams(queryFromDraft(next), { replace: true });
    },
    [draft, setSearchParams],
  );

  // Every run leaves its settings and seed in the address (no new history entry), so it can be
  // shared, replayed and found again with Back. The form keeps what the visitor asked for: a
  // blank seed still draws a fresh one next time.
  const runStarted = useCallback(
    (settings: LabSettings, seed: number) => {
      setDraft(draft);
      setSearchParams(queryOfRun(settings, seed), { replace: true });
    },
    [draft, setSearchParams],
  );

  return (
    <article className={styles.page}>
      <header className={styles.intro}>
        <p className={styles.back}>
          <Link to={paths.prisoner}>← Back to the simulation</Link>
        </p>
        <h1>The 100 prisoners lab</h1>
        <p className={styles.lede}>
          Is 31% real? Run millions of seeded trials on every core but one, and watch the success
          rate converge on the exact probability while the page stays smooth. Every setting lives in
          the address bar, so any run can be shared and replayed.
        </p>
      </header>
      <LabView draft={draft} onDraftChange={changeDraft} onRunStart={runStarted} />
    </article>
  );
}
