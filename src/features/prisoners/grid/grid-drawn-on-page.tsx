import { useEffect, useRef, useState } from 'react';
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

export interface GridDrawnOnPageProps {
  /** The view the scene shows, read frame by frame. */
  source: GridViewSource;
  reducedMotion: boolean;
  onContextLost(): void;
}

/**
 * The 3D box grid drawn on the main thread, where it cannot be drawn in a worker. Purely visual:
 * the DOM twin above it takes every click and key.
 */
export default function GridDrawnOnPage({
  source,
  reducedMotion,
  onContextLost,
}: GridDrawnOnPageProps) {
  // Nothing is drawn until every shader is compiled, so that work can be spread over several tasks.
  const [compiled, setCompiled] = useState(false);
  // The scene's quality governor chooses it (AdaptiveQuality).
  const [pixelRatio, setPixelRatio] = useState(1);
  const root = useRef<RootState | null>(null);
  useEffect(() => {
    if (compiled) root.current?.invalidate();
  }, [compiled]);

  return (
    <Canvas
      className={styles.canvas}
      {...sceneSettings(compiled)}
      dpr={pixelRatio}
      onCreated={(state) => {
        root.current = state;
        watchContextLoss(state.gl.domElement, onContextLost);
        // Lost before this listener existed: fall back all the same.
        if (state.gl.getContext().isContextLost()) onContextLost();
        void compileInSteps(state).then(() => setCompiled(true));
      }}
    >
      <GridScene
        source={source}
        reducedMotion={reducedMotion}
        quality={{
          screenPixelRatio: window.devicePixelRatio,
          lowestPixelRatio: PAGE_LOWEST_PIXEL_RATIO,
          onPixelRatio: setPixelRatio,
        }}
      />
    </Canvas>
  );
}
