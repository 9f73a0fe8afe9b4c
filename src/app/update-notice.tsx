import { useEffect, useSyncExternalStore } from 'react';
import { appUpdate, reloadIntoNewVersion, startUpdates, type UpdateFlow } from './app-update.ts';
import buttons from '../components/buttons.module.css';
import styles from './update-notice.module.css';

interface UpdateNoticeProps {
  /** The page's update flow; the app's own unless given. */
  flow?: UpdateFlow;
  /** What Reload does; reloading into the waiting build unless given. */
  onReload?: () => void;
}

/**
 * The quiet notice that a new build of the site is ready: a polite live region, so a screen
 * reader says it without interrupting, and a Reload button that the keyboard reaches in the
 * page's order; focus stays where the visitor left it. Mounting it starts the service worker.
 */
export function UpdateNotice({ flow = appUpdate, onReload }: UpdateNoticeProps) {
  const state = useSyncExternalStore(flow.subscribe, flow.state, () => 'current' as const);
  useEffect(() => startUpdates(flow), [flow]);
  return (
    // The region is always there: one that appears with its text is not announced everywhere.
    <div className={styles.region} role="status" aria-live="polite">
      {state !== 'current' && (
        <p className={styles.notice}>
          A new version is ready:{' '}
          <button
            type="button"
            className={buttons.primary}
            onClick={() => (onReload ? onReload() : reloadIntoNewVersion(flow))}
          >
            Reload
          </button>
        </p>
      )}
    </div>
  );
}
