import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import * as THREE from 'three';
import { ELEVATION, LID_TOP, gridLayout } from './layout.ts';
import { createSceneResources } from './scene-resources.ts';
import type { GridViewSource } from './grid-view.ts';
import { cameraViewOffset, type BoardZoom } from './board-zoom.ts';
import { animationStep, createShownState, updateScene, type ShownState } from './scene-update.ts';
import { AdaptiveQuality, type AdaptiveQualityProps } from './adaptive-quality.tsx';
import { createDrawnBoxes } from './drawn-boxes.ts';
import { NEAR_VIEW_MARGIN, boxesNear, nearViewRect } from './near-view.ts';

/** The board's size, n: the length of its arrangement. */
function useBoardSize(source: GridViewSource): number {
  return useSyncExternalStore(source.subscribe, () => source.getState().slips.length);
}

/**
 * The whole scene: lights, camera framing and the boxes, drawn from `source` at a quality that
 * follows the measured frame times (`quality`; absent, the host's canvas keeps its own).
 */
export function GridScene({
  source,
  reducedMotion,
  quality,
}: {
  source: GridViewSource;
  reducedMotion: boolean;
  quality: AdaptiveQualityProps | undefined;
}) {
  return (
    <>
      {quality && <AdaptiveQuality {...quality} />}
      <hemisphereLight args={['#fff6ff', '#2a1d33', 1.6]} />
      <directionalLight position={[-5, 12, 7]} intensity={2.2} />
      <directionalLight position={[6, 4, -3]} intensity={0.35} color="#d9b8ff" />
      <CameraRig source={source} />
      <Boxes source={source} reducedMotion={reducedMotion} />
    </>
  );
}

/**
 * Frames the grid exactly as the DOM twin expects, at any canvas size, zoomed and panned as the
 * view's zoom says (a view offset: the window of a larger view that the DOM twin's CSS transform
 * matches).
 */
function CameraRig({ source }: { source: GridViewSource }) {
  const get = useThree((state) => state.get);
  const size = useThree((state) => state.size);
  const n = useBoardSize(source);
  useLayoutEffect(() => {
    const applyZoom = (zoom: BoardZoom) => {
      const { camera, invalidate } = get();
      const offset = cameraViewOffset(zoom, size.width, size.height);
      if (!(camera instanceof THREE.OrthographicCamera)) return;
      if (offset) {
        const { fullWidth, fullHeight, offsetX, offsetY, width, height } = offset;
        camera.setViewOffset(fullWidth, fullHeight, offsetX, offsetY, width, height);
      } else {
        camera.clearViewOffset();
      }
      invalidate();
    };
    let shown = source.getState().zoom;
    applyZoom(shown);
    return source.subscribe(() => {
      const { zoom } = source.getState();
      if (zoom !== shown) applyZoom((shown = zoom));
    });
  }, [get, size, source]);
  useLayoutEffect(() => {
    const { camera, invalidate } = get();
    const layout = gridLayout(n);
    // Far enough back that the nearest row (and the arcs over it) are in front of the camera,
    // and the far plane past the farthest row: the board is up to its depth across.
    const reach = Math.max(layout.tableWidth, layout.tableDepth);
    const distance = 20 + reach;
    camera.position.set(
      0,
      LID_TOP + distance * Math.sin(ELEVATION),
      distance * Math.cos(ELEVATION),
    );
    camera.up.set(0, 1, 0);
    camera.lookAt(0, LID_TOP, 0);
    camera.far = 2 * distance + reach;
    camera.zoom = Math.min(size.width / layout.viewWidth, size.height / layout.viewHeight);
    camera.updateProjectionMatrix();
    invalidate();
  }, [get, size, n]);
  return null;
}

function Boxes({ source, reducedMotion }: { source: GridViewSource; reducedMotion: boolean }) {
  const invalidate = useThree((state) => state.invalidate);
  const gl = useThree((state) => state.gl);
  const n = useBoardSize(source);
  // One instanced mesh per part, holding exactly the board's boxes: a new n makes new meshes.
  const resources = useMemo(
    () => createSceneResources(n, gl.capabilities.getMaxAnisotropy()),
    [gl, n],
  );
  // Copies of the boxes near the view, drawn instead of the whole board when zoomed in on it.
  const drawn = useMemo(() => createDrawnBoxes(resources), [resources]);
  useEffect(
    () => () => {
      drawn.dispose();
      resources.dispose();
    },
    [drawn, resources],
  );
  // Changes only ask for a frame, and say when: the frame reads the state itself.
  const changedAt = useRef(0);
  useEffect(
    () =>
      source.subscribe(() => {
        changedAt.current = performance.now();
        invalidate();
      }),
    [source, invalidate],
  );

  const shown = useRef<ShownState | null>(null);
  const moving = useRef(false);

  useFrame((_, delta) => {
    const state = source.getState();
    // The meshes are rebuilt after a new n has been rendered; until then nothing changes.
    if (state.slips.length !== resources.boxes) return;
    if (shown.current?.placements.length !== resources.boxes) {
      shown.current = createShownState(resources.boxes);
    }
    const sinceChange = (performance.now() - changedAt.current) / 1000;
    const step = animationStep(delta, moving.current, sinceChange);
    const nearView = nearViewRect(gridLayout(resources.boxes), state.zoom, NEAR_VIEW_MARGIN);
    moving.current = updateScene(resources, state, shown.current, step, reducedMotion, nearView);
    const near = boxesNear(nearView, shown.current.placements);
    for (const mesh of [resources.bodies, resources.lids, resources.slips]) mesh.visible = !near;
    for (const mesh of [drawn.bodies, drawn.lids, drawn.slips]) mesh.visible = Boolean(near);
    if (near) drawn.show(near);
    if (moving.current) invalidate();
  });

  return (
    <>
      <primitive object={resources.bodies} />
      <primitive object={resources.slips} />
      <primitive object={resources.lids} />
      <primitive object={drawn.bodies} />
      <primitive object={drawn.slips} />
      <primitive object={drawn.lids} />
      <primitive object={resources.path.group} />
      <primitive object={resources.guides.group} />
    </>
  );
}
