import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Canvas, type RootState } from '@react-three/fiber';
import type { GridViewSource } from './grid-view.ts';
import { GridScene } from './grid-scene.tsx';
import { compileInSteps, sceneSettings, watchContextLoss } from './scene-host.ts';
import { PageFrameTrial } from './page-frame-trial.tsx';
import styles from './box-grid.module.css';

/**
 * Drawn on the page, every frame holds the main thread: the board may go as low as half a pixel
 * per CSS pixel to keep the page answering.
 */
const PAGE_LOWEST_PIXEL_RATIO = 0.5;
/** Not multisampled on the page: where there is room, drawing more pixels smooths the edges. */
const PAGE_HIGHEST_PIXEL_RATIO = 2;

export interface GridDrawnOnPageProps {
  /** The view the scene shows, read frame by frame. */
  source: GridViewSource;
  reducedMotion: boolean;
  onContextLost(): void;
  /**
   * Told when the page's frames are too slow with the board on it: in the trial before it is
   * shown, or when even the lowest pixel ratio leaves its frames slow (every frame of the board
   * holds the page here). Absent, the board is shown without a trial and keeps drawing.
   */
  onTooSlow?: () => void;
}

/**
 * The 3D box grid drawn on the main thread, where it cannot be drawn in a worker. Purely visual:
 * the DOM twin above it takes every click and key.
 */
export default function GridDrawnOnPage({
  source,
  reducedMotion,
  onContextLost,
  onTooSlow,
}: GridDrawnOnPageProps) {
  // Nothing is drawn until every shader is compiled, so that work can be spread over several tasks.
  const [compiled, setCompiled] = useState(false);
  // The page's frames are tried with the board at its cheapest before it is shown, unless the
  // visitor asked for the board whatever it costs (no onTooSlow).
  const [tried, setTried] = useState(!onTooSlow);
  // The scene's quality governor chooses it (AdaptiveQuality), once the trial is passed.
  const [pixelRatio, setPixelRatio] = useState(1);
  const root = useRef<RootState | null>(null);
  useEffect(() => {
    if (compiled) root.current?.invalidate();
  }, [compiled]);
  // Unmounting the canvas loses its context on purpose: that is no failure to report. A layout
  // effect: its clean-up runs before the canvas's own, which loses the context.
  const mounted = useRef(true);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const lost = () => {
    if (mounted.current) onContextLost();
  };

  return (
    <>
      <Canvas
        className={styles.canvas}
        {...sceneSettings(compiled, 'page')}
        dpr={tried ? pixelRatio : PAGE_LOWEST_PIXEL_RATIO}
        onCreated={(state) => {
          root.current = state;
          watchContextLoss(state.gl.domElement, lost);
          // Lost before this listener existed: fall back all the same.
          if (state.gl.getContext().isContextLost()) lost();
          void compileInSteps(state).then(() => setCompiled(true));
        }}
      >
        <GridScene
          source={source}
          reducedMotion={reducedMotion}
          quality={
            tried
              ? {
                  screenPixelRatio: window.devicePixelRatio,
                  lowestPixelRatio: PAGE_LOWEST_PIXEL_RATIO,
                  highestPixelRatio: PAGE_HIGHEST_PIXEL_RATIO,
                  onPixelRatio: setPixelRatio,
                  onTooSlow,
                }
              : undefined
          }
        />
        {compiled && !tried && (
          <PageFrameTrial onVerdict={(tooSlow) => (tooSlow ? onTooSlow?.() : setTried(true))} />
        )}
      </Canvas>
      {/* The trial's frames are drawn at the page's real cost, but out of the visitor's sight. */}
      {!tried && <p className={styles.trialCover}>Preparing the 3D grid…</p>}
    </>
  );
}
