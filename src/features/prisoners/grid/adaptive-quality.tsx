import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { PacedRenderer } from './paced-renderer.ts';
import { createQualityGovernor } from './render-quality.ts';

/**
 * Keeps the board's frames short on any machine: it hears how long each frame took from the
 * paced renderer and draws at the pixel ratio the quality governor chooses; a frame dropped
 * because the last one was still being drawn is asked for again.
 */
export function AdaptiveQuality({ screenPixelRatio }: { screenPixelRatio: number }) {
  const gl = useThree((state) => state.gl);
  const setDpr = useThree((state) => state.setDpr);
  const invalidate = useThree((state) => state.invalidate);
  const governor = useMemo(() => createQualityGovernor(screenPixelRatio), [screenPixelRatio]);

  useEffect(() => {
    setDpr(governor.pixelRatio);
    if (!(gl instanceof PacedRenderer)) return;
    gl.pacer.listen({
      dropped: () => invalidate(),
      measured: (frameMs) => {
        const next = governor.record(frameMs, performance.now());
        if (next !== null) {
          setDpr(next);
          invalidate();
        }
      },
    });
    return () => gl.pacer.listen(null);
  }, [gl, governor, setDpr, invalidate]);
  return null;
}
