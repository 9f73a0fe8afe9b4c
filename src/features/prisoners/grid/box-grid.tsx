import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSeenOnScreen } from '../../../components/use-seen-on-screen.ts';
import { DomGrid } from './dom-grid.tsx';
import { DEFAULT_LAYOUT, gridLayout } from './layout.ts';
import { useBoardState, type BoardSource } from './board-source.ts';
import { ZoomableStage } from './zoomable-stage.tsx';
import GridDrawnInWorker, { canDrawInWorker } from './grid-drawn-in-worker.tsx';
import { probeWebglSupport, type WebglProbe, type WebglSupport } from './webgl-support.ts';
import 'virtual:grid-constants.css';
import styles from './box-grid.module.css';

const GridDrawnOnPage = lazy(() => import('./grid-drawn-on-page.tsx'));

type Renderer = WebglSupport | 'lost' | 'slow';

/** Why the flat grid stands in for the 3D view. */
const FALLBACK_NOTICES = {
  unavailable:
    'The 3D view needs WebGL, which is not available in this browser. The boxes below work exactly the same.',
  lost: 'The 3D view stopped because the graphics context was lost. The boxes below work exactly the same.',
  slow: 'This device draws the 3D view too slowly to keep the page smooth, so the boxes are shown flat. They work exactly the same.',
} as const;

/** WebGL as probed once per page (off the main thread); null while the probe runs. */
function useWebglProbe(): WebglProbe | null {
  const [probe, setProbe] = useState<WebglProbe | null>(null);
  useEffect(() => {
    let current = true;
    void probeWebglSupport().then((result) => {
      if (current) setProbe(result);
    });
    return () => {
      current = false;
    };
  }, []);
  return probe;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
/** Follows the visitor's reduced-motion setting live. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/** Any error thrown while starting the 3D view turns it off instead of the page. */
class RendererBoundary extends Component<{ onError(): void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The grid: a 3D view with its DOM twin on top, or the DOM grid alone when WebGL is missing. It
 * shows what `source` holds and tells it what the visitor does.
 */
export function BoxGrid({ source }: { source: BoardSource }) {
  const probe = useWebglProbe();
  // Set when the 3D view fails after starting; it then stays off for this visit to the page,
  // unless it was only slow and the visitor asks for it again.
  const [failure, setFailure] = useState<'unavailable' | 'lost' | 'slow' | null>(null);
  const [slowAccepted, setSlowAccepted] = useState(false);
  const [workerFailed, setWorkerFailed] = useState(false);
  const renderer: Renderer | null = failure ?? probe?.support ?? null;
  const inWorker = Boolean(probe?.inWorkers) && canDrawInWorker() && !workerFailed;
  const reducedMotion = usePrefersReducedMotion();
  const stage = useRef<HTMLDivElement>(null);
  // three.js is the heaviest code on the site: fetch and start it once the grid is really in view.
  const inView = useSeenOnScreen(stage, { threshold: 0.5 });
  const grid = gridLayout(useBoardState(source, (view) => view.slips.length));
  // The specification's board is placed by the stylesheet (pre-rendered HTML has no style
  // attribute); another board's grid is placed here, centred in the same stage.
  const overlayPlace =
    grid === DEFAULT_LAYOUT
      ? undefined
      : {
          left: `${grid.overlay.left}%`,
          top: `${grid.overlay.top}%`,
          width: `${grid.overlay.width}%`,
          height: `${grid.overlay.height}%`,
        };

  if (renderer === 'unavailable' || renderer === 'lost' || renderer === 'slow') {
    return (
      <div className={styles.fallback}>
        <p className={styles.notice} role="status">
          {FALLBACK_NOTICES[renderer]}
          {renderer === 'slow' && (
            <>
              {' '}
              <button
                type="button"
                className={styles.noticeAction}
                onClick={() => {
                  setSlowAccepted(true);
                  setFailure(null);
                  // The button goes with the notice: focus moves on to the board's boxes.
                  requestAnimationFrame(() => stage.current?.querySelector('button')?.focus());
                }}
              >
                Show the 3D view anyway
              </button>
            </>
          )}
        </p>
        <ZoomableStage source={source} stage={stage} className={styles.fallbackStage}>
          <DomGrid source={source} visible />
        </ZoomableStage>
      </div>
    );
  }

  return (
    <ZoomableStage
      source={source}
      stage={stage}
      className={styles.stage}
      attributes={{
        'data-renderer': renderer ?? 'probing',
        'data-drawn-in': renderer ? (inWorker ? 'worker' : 'page') : undefined,
      }}
      backdrop={renderer3d()}
    >
      <div className={styles.overlay} style={overlayPlace}>
        <DomGrid source={source} visible={false} />
      </div>
    </ZoomableStage>
  );

  function renderer3d() {
    if (!inView || !renderer) return <p className={styles.poster}>Preparing the 3D grid…</p>;
    // Either host draws the same scene from the same source.
    const scene = {
      source,
      reducedMotion,
      onContextLost: () => setFailure('lost'),
    };
    return inWorker ? (
      <GridDrawnInWorker {...scene} onFailure={() => setWorkerFailed(true)} />
    ) : (
      <RendererBoundary onError={() => setFailure('unavailable')}>
        <Suspense fallback={<p className={styles.poster}>Preparing the 3D grid…</p>}>
          <GridDrawnOnPage
            {...scene}
            onTooSlow={slowAccepted ? undefined : () => setFailure('slow')}
          />
        </Suspense>
      </RendererBoundary>
    );
  }
}
