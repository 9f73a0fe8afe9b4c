import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Canvas, type RootState } from '@react-three/fiber';
import type { GridViewSource } from './grid-view.ts';
import { GridScene } from './grid-scene.tsx';
import { compileInSteps, sceneSettings, watchContextLoss } from './scene-host.ts';
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
   * Told when even the lowest pixel ratio leaves the page's frames slow (every frame of the
   * board holds the page here); absent, the board keeps drawing.
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
  // The scene's quality governor chooses it (AdaptiveQuality).
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
    <Canvas
      className={styles.canvas}
      {...sceneSettings(compiled, 'page')}
      dpr={pixelRatio}
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
        quality={{
          screenPixelRatio: window.devicePixelRatio,
          lowestPixelRatio: PAGE_LOWEST_PIXEL_RATIO,
          highestPixelRatio: PAGE_HIGHEST_PIXEL_RATIO,
          onPixelRatio: setPixelRatio,
          onTooSlow,
        }}
      />
    </Canvas>
  );
}
