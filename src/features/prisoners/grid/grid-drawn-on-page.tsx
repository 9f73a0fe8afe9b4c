import { useEffect, useRef, useState } from 'react';
import { Canvas, type RootState } from '@react-three/fiber';
import type { GridViewSource } from './grid-view.ts';
import { GridScene } from './grid-scene.tsx';
import { compileInSteps, sceneSettings, watchContextLoss } from './scene-host.ts';
import styles from './box-grid.module.css';

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
  const root = useRef<RootState | null>(null);
  useEffect(() => {
    if (compiled) root.current?.invalidate();
  }, [compiled]);

  return (
    <Canvas
      className={styles.canvas}
      {...sceneSettings(compiled)}
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
        screenPixelRatio={window.devicePixelRatio}
      />
    </Canvas>
  );
}
