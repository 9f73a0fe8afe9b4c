import * as THREE from 'three';

/** What a paced renderer tells the scene about its frames. */
export interface FrameListener {
  /** A frame was asked for while the last one was still being drawn: ask again next frame. */
  dropped(): void;
  /**
   * How long a frame took, from its start until the next frame could be drawn: told of the
   * frames whose cost that shows, those of an animation (another frame asked for at once) and
   * those still being drawn when the next was asked for. A lone frame drawn by the time of the
   * next tells nothing of the machine (issuing its commands is quick on any), and is not told.
   */
  measured(frameMs: number): void;
  /** Whether another frame follows this one at once (the scene is moving). */
  continues(): boolean;
}

/** The part of a WebGL 2 context that fences need. */
export type FenceContext = Pick<
  WebGL2RenderingContext,
  | 'fenceSync'
  | 'getSyncParameter'
  | 'deleteSync'
  | 'flush'
  | 'isContextLost'
  | 'SYNC_GPU_COMMANDS_COMPLETE'
  | 'SYNC_STATUS'
  | 'SIGNALED'
>;

export interface FramePacer {
  /** Whether a frame may be drawn now: false while the last one is still being drawn. */
  begin(): boolean;
  /** The frame's commands are issued: a fence marks when they are done. */
  end(): void;
  listen(listener: FrameListener | null): void;
  dispose(): void;
}

/**
 * At most one frame in flight: a frame asked for while the graphics back end is still drawing
 * the last one is dropped, and its scene asks again on the next animation frame, when it draws
 * whatever its state is then. A fence after each frame says when it has been drawn.
 */
export function createFramePacer(
  gl: FenceContext,
  now: () => number = () => performance.now(),
): FramePacer {
  let inFlight: {
    sync: WebGLSync;
    started: number;
    /** The time until the next frame tells the frame's cost: an animation, or a wait. */
    timed: boolean;
  } | null = null;
  let started = 0;
  let listener: FrameListener | null = null;
  return {
    begin() {
      if (gl.isContextLost()) return false;
      if (inFlight) {
        if (gl.getSyncParameter(inFlight.sync, gl.SYNC_STATUS) !== gl.SIGNALED) {
          inFlight.timed = true;
          listener?.dropped();
          return false;
        }
        gl.deleteSync(inFlight.sync);
        const { timed } = inFlight;
        inFlight = null;
        // A browser that paces animation frames to what it can show (Chromium, WebKit) hides a
        // frame's cost in the wait for the next one: during an animation, that wait is the cost.
        if (timed) listener?.measured(now() - started);
      }
      started = now();
      return true;
    },
    end() {
      const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      gl.flush();
      const timed = listener?.continues() ?? false;
      if (sync) inFlight = { sync, started, timed };
    },
    listen(next) {
      listener = next;
    },
    dispose() {
      if (inFlight && !gl.isContextLost()) gl.deleteSync(inFlight.sync);
      inFlight = null;
    },
  };
}

/**
 * A WebGL renderer paced by `createFramePacer`. Without pacing, a browser whose worker animation
 * frames run at full rate whatever the screen can show (Firefox) queues frames, and the board
 * falls seconds behind the game. three.js sets `render` and `dispose` on each renderer as it is
 * made, so they are wrapped here rather than overridden.
 */
export class PacedRenderer extends THREE.WebGLRenderer {
  readonly pacer: FramePacer;
  /**
   * Draws at once, whether a frame is in flight or not: after a resize, which clears the canvas,
   * so that the screen never shows the board blank until the next frame the pacer lets through
   * (seconds, on a slow machine).
   */
  readonly redraw: (scene: THREE.Object3D, camera: THREE.Camera) => void;

  constructor(parameters?: THREE.WebGLRendererParameters) {
    super(parameters);
    const pacer = createFramePacer(this.getContext() as WebGL2RenderingContext);
    this.pacer = pacer;
    const render = this.render;
    const dispose = this.dispose;
    this.render = (scene, camera) => {
      if (!pacer.begin()) return;
      render.call(this, scene, camera);
      pacer.end();
    };
    this.redraw = (scene, camera) => render.call(this, scene, camera);
    this.dispose = () => {
      pacer.dispose();
      dispose.call(this);
    };
  }
}
