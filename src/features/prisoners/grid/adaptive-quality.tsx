import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useStore, useThree } from '@react-three/fiber';
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
  // in the same task as the resize (the root's own listener resizes the canvas first), so no
  // screen shows it blank. A layout effect came a scheduled render later, and WebKit under load
  // showed a blank board for seconds, until the next frame it could draw. A resize at the start
  // of a frame (a new ratio, below) is drawn here too: the pacer may drop that frame.
  const store = useStore();
  useEffect(() => {
    let { viewport, size } = store.getState();
    return store.subscribe((state) => {
      const resized =
        state.viewport.dpr !== viewport.dpr ||
        state.size.width !== size.width ||
        state.size.height !== size.height;
      ({ viewport, size } = state);
      if (resized && state.gl instanceof PacedRenderer) state.gl.redraw(state.scene, state.camera);
    });
  }, [store]);

  // A new ratio draws the whole board afresh: it is taken at the start of the next frame, which
  // is drawn anyway, never at rest after the last frame of a movement (a paused board would
  // change for no frame to come, and WebKit under load showed a canvas resized at rest blank
  // for a second). The root's ratio is set here, in the frame; the host is told so that its own
  // configuration keeps it.
  const pending = useRef<number | null>(null);
  useFrame((state) => {
    const ratio = pending.current;
    if (ratio === null) return;
    pending.current = null;
    state.setDpr(ratio);
    onPixelRatio(ratio);
  });

  useEffect(() => {
    pending.current = null;
    onPixelRatio(governor.pixelRatio);
    if (!(gl instanceof PacedRenderer)) return;
    gl.pacer.listen({
      dropped: () => invalidate(),
      measured: (frameMs) => {
        const wasTooSlow = governor.tooSlow;
        pending.current = governor.record(frameMs, performance.now()) ?? pending.current;
        if (governor.tooSlow && !wasTooSlow) onTooSlow?.();
      },
      // A frame asked for while this one is drawn (the scene moves) counts 2 until it is done.
      continues: () => get().internal.frames > 1,
    });
    return () => gl.pacer.listen(null);
  }, [gl, get, governor, invalidate, onPixelRatio, onTooSlow]);
  return null;
}
