import type { FrameScheduler } from '../features/prisoners/grid/animation-frames.ts';

/** Animation frames that come when a test says (`at`), with the time it gives. */
export function fakeFrames() {
  const due = new Map<number, (time: number) => void>();
  let handles = 0;
  const frames: FrameScheduler = {
    request: (callback) => {
      due.set(++handles, callback);
      return handles;
    },
    cancel: (handle) => due.delete(handle),
  };
  /** Runs every callback asked for so far, with `time`. */
  const at = (time: number) => {
    const callbacks = [...due.values()];
    due.clear();
    for (const callback of callbacks) callback(time);
  };
  return { frames, at, asked: () => due.size };
}
