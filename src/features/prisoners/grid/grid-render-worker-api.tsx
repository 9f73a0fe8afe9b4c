import { createRoot, extend, type ReconcilerRoot, type RootState } from '@react-three/fiber';
import { DirectionalLight, HemisphereLight } from 'three';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { cycleStructure } from '../engine/cycles.ts';
import { GridScene } from './grid-scene.tsx';
import { compileInSteps, sceneSettings, watchContextLoss } from './scene-host.ts';
import type { GridView, GridViewFields } from './grid-view.ts';

// <Canvas> registers every three.js class; a bare root knows only what it is told about.
extend({ DirectionalLight, HemisphereLight });

/**
 * Drawn in a worker, slow frames cost the page nothing but frame rate: the board keeps at least
 * one pixel per CSS pixel, so the gaps between the lids of a large board stay sharp.
 */
const WORKER_LOWEST_PIXEL_RATIO = 1;
/**
 * The worker's canvas is multisampled, which smooths the edges: drawing more pixels than the
 * screen shows would only change the picture and cost fill.
 */
const workerHighestPixelRatio = (screenPixelRatio: number) => Math.max(1, screenPixelRatio);

export interface CanvasSize {
  width: number;
  height: number;
  devicePixelRatio: number;
}

export interface OffscreenGridStart extends CanvasSize {
  reducedMotion: boolean;
  view: GridViewFields;
}

/**
 * The grid's scene, drawn by react-three-fiber on an OffscreenCanvas inside a worker, so that
 * neither building the scene nor rasterising frames ever holds the page's main thread. The page
 * mirrors the few fields of its store the scene reads (`update`) and the canvas size (`resize`).
 */
export function createGridRenderWorkerApi() {
  let root: ReconcilerRoot<OffscreenCanvas> | null = null;
  let view: StoreApi<GridView> | null = null;
  let size: CanvasSize = { width: 1, height: 1, devicePixelRatio: 1 };
  let reducedMotion = false;
  let compiled = false;
  let onCreated: (created: RootState) => void = () => {};
  const created = new Promise<RootState>((resolve) => (onCreated = resolve));

  // The scene's quality governor chooses the pixel ratio (AdaptiveQuality).
  let pixelRatio = 1;
  const quality = {
    lowestPixelRatio: WORKER_LOWEST_PIXEL_RATIO,
    onPixelRatio: (ratio: number) => {
      if (ratio === pixelRatio) return;
      pixelRatio = ratio;
      void configure();
    },
  };

  function configure() {
    if (!root) return Promise.resolve();
    return root.configure({
      // Nothing is drawn until every shader is compiled, one per task.
      ...sceneSettings(compiled, 'worker'),
      size: { width: size.width, height: size.height, top: 0, left: 0 },
      dpr: pixelRatio,
      onCreated,
    });
  }

  function draw() {
    if (!root || !view) return;
    root.render(
      <GridScene
        source={view}
        reducedMotion={reducedMotion}
        quality={{
          ...quality,
          screenPixelRatio: size.devicePixelRatio,
          highestPixelRatio: workerHighestPixelRatio(size.devicePixelRatio),
        }}
      />,
    );
  }

  return {
    async start(canvas: OffscreenCanvas, options: OffscreenGridStart, onContextLost: () => void) {
      ({ reducedMotion } = options);
      size = {
        width: options.width,
        height: options.height,
        devicePixelRatio: options.devicePixelRatio,
      };
      view = createStore<GridView>()(() => ({
        ...options.view,
        cycles: cycleStructure(options.view.route, options.view.game.guesses),
      }));
      watchContextLoss(canvas, onContextLost);
      root = createRoot(canvas);
      await configure();
      draw();
      // The scene graph exists once react-three-fiber says it was created.
      const state = await created;
      await compileInSteps(state);
      compiled = true;
      await configure();
      state.invalidate();
    },
    resize(next: CanvasSize) {
      const screenChanged = next.devicePixelRatio !== size.devicePixelRatio;
      size = next;
      void configure();
      if (screenChanged) draw();
    },
    /** The fields of the view that changed; the cycles follow a new route or guess limit. */
    update(changes: Partial<GridViewFields>) {
      if (!view) return;
      const { route, game, cycles } = view.getState();
      const nextRoute = changes.route ?? route;
      const guesses = (changes.game ?? game).guesses;
      const renewed = nextRoute !== route || guesses !== game.guesses;
      view.setState(
        renewed || !cycles ? { ...changes, cycles: cycleStructure(nextRoute, guesses) } : changes,
      );
    },
    setReducedMotion(reduce: boolean) {
      reducedMotion = reduce;
      draw();
    },
  };
}
