import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { PacedRenderer } from './paced-renderer.ts';
import { createQualityGovernor } from './render-quality.ts';

export interface AdaptiveQualityProps {
  /** The screen's own pixel ratio: where the governor starts (within 1 to 2). */
  screenPixelRatio: number;
  /** The governor goes no lower. */
  lowestPixelRatio: number;
  /** The governor goes no higher. */
  highestPixelRatio: number;
  /**
   * Told the pixel ratio to draw at, first and whenever it changes. The host passes it on as
   * its canvas's `dpr`: react-three-fiber resets a ratio set any other way when it configures.
   */
  onPixelRatio(ratio: number): void;
  /** Told once when even the lowest ratio leaves frames slow; absent, the board keeps drawing. */
  onTooSlow?: () => void;
}

/**
 * Keeps the board's frames short on any machine: it hears how long each frame took from the
 * paced renderer, and the quality governor chooses the pixel ratio to draw at; a frame dropped
 * because the last one was still being drawn is asked for again.
 */
export function AdaptiveQuality({
  screenPixelRatio,
  lowestPixelRatio,
  highestPixelRatio,
  onPixelRatio,
  onTooSlow,
}: AdaptiveQualityProps) {
  const gl = useThree((state) => state.gl);
  const get = useThree((state) => state.get);
  const invalidate = useThree((state) => state.invalidate);
  const governor = useMemo(
    () => createQualityGovernor(screenPixelRatio, lowestPixelRatio, highestPixelRatio),
    [screenPixelRatio, lowestPixelRatio, highestPixelRatio],
  );

  // A new ratio or size resizes the canvas, which clears it: the board is drawn again at once,
  // in the same task, so no screen shows it blank (WebKit showed a blank board for seconds under
  // load, until the next frame it could draw).
  const dpr = useThree((state) => state.viewport.dpr);
  const { width, height } = useThree((state) => state.size);
  useLayoutEffect(() => {
    const { scene, camera } = get();
    if (gl instanceof PacedRenderer) gl.redraw(scene, camera);
  }, [dpr, width, height, gl, get]);

  useEffect(() => {
    onPixelRatio(governor.pixelRatio);
    if (!(gl instanceof PacedRenderer)) return;
    gl.pacer.listen({
      dropped: () => invalidate(),
      measured: (frameMs) => {
        const wasTooSlow = governor.tooSlow;
        const next = governor.record(frameMs, performance.now());
        if (next !== null) onPixelRatio(next);
        if (governor.tooSlow && !wasTooSlow) onTooSlow?.();
      },
      // A frame asked for while this one is drawn (the scene moves) counts 2 until it is done.
      continues: () => get().internal.frames > 1,
    });
    return () => gl.pacer.listen(null);
  }, [gl, get, governor, invalidate, onPixelRatio, onTooSlow]);
  return null;
}
