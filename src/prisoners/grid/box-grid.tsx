import {
  Component,
  lazy,
  Suspense,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSeenOnScreen } from '../../components/use-seen-on-screen.ts';
import { DomGrid } from './dom-grid.tsx';
import { FRAME_HEIGHT, FRAME_WIDTH, overlayBox } from './layout.ts';
import styles from './box-grid.module.css';

const BoxGrid3d = lazy(() => import('./box-grid-3d.tsx'));

type Renderer = 'webgl' | 'software-webgl' | 'unavailable' | 'lost';

/** Whether WebGL works here, and whether it is a software rasteriser (then drawn more cheaply). */
function probeWebgl(): Renderer {
  try {
    const probe = document.createElement('canvas');
    const context = probe.getContext('webgl2') ?? probe.getContext('webgl');
    if (!context) return 'unavailable';
    const name = String(context.getParameter(context.RENDERER));
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(name) ? 'software-webgl' : 'webgl';
  } catch {
    return 'unavailable';
  }
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
/** Follows the visitor's reduced-motion setting live. */
export function usePrefersReducedMotion(): boolean {
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

/** The grid: a 3D view with its DOM twin on top, or the DOM grid alone when WebGL is missing. */
export function BoxGrid() {
  const [renderer, setRenderer] = useState<Renderer>(probeWebgl);
  const reducedMotion = usePrefersReducedMotion();
  const stage = useRef<HTMLDivElement>(null);
  // three.js is the heaviest code on the site: fetch and start it once the grid is really in view.
  const inView = useSeenOnScreen(stage, { threshold: 0.5 });

  if (renderer === 'unavailable' || renderer === 'lost') {
    return (
      <div className={styles.fallback}>
        <p className={styles.notice} role="status">
          {renderer === 'lost'
            ? 'The 3D view stopped because the graphics context was lost. The boxes below work exactly the same.'
            : 'The 3D view needs WebGL, which is not available in this browser. The boxes below work exactly the same.'}
        </p>
        <DomGrid visible />
      </div>
    );
  }

  return (
    <div
      ref={stage}
      className={styles.stage}
      style={{ aspectRatio: `${FRAME_WIDTH} / ${FRAME_HEIGHT}` }}
    >
      {inView ? (
        <RendererBoundary onError={() => setRenderer('unavailable')}>
          <Suspense fallback={<p className={styles.poster}>Preparing the 3D grid…</p>}>
            <BoxGrid3d
              reducedMotion={reducedMotion}
              software={renderer === 'software-webgl'}
              onContextLost={() => setRenderer('lost')}
            />
          </Suspense>
        </RendererBoundary>
      ) : (
        <p className={styles.poster}>Preparing the 3D grid…</p>
      )}
      <div
        className={styles.overlay}
        style={{
          left: `${overlayBox.left}%`,
          top: `${overlayBox.top}%`,
          width: `${overlayBox.width}%`,
          height: `${overlayBox.height}%`,
        }}
      >
        <DomGrid visible={false} />
      </div>
    </div>
  );
}
