/** Asks for a callback, given the frame's time, on the next animation frame; cancels one. */
export interface FrameScheduler {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
}

/** The browser's animation frames; tests hand in frames of their own. */
export const ANIMATION_FRAMES: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};
