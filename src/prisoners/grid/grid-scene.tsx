import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useFrame, useThree, type RootState } from '@react-three/fiber';
import * as THREE from 'three';
import { PRISONER_COUNT } from '../engine/constants.ts';
import type { GameState } from '../engine/game.ts';
import type { CycleStructure } from '../engine/cycles.ts';
import {
  BOX_HEIGHT,
  BOX_SIZE,
  ELEVATION,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  LID_OPEN_ANGLE,
  LID_TOP,
  boxPosition,
} from './layout.ts';
import { cycleColour } from './palette.ts';
import {
  CYCLE_LABEL_OFFSET,
  colours,
  createSceneResources,
  type SceneResources,
} from './scene-resources.ts';

/** What the grid shows: the simulation's state, from its store or from a copy in a worker. */
export interface GridView {
  slips: Int32Array;
  cycles: CycleStructure;
  game: GameState;
  showCycles: boolean;
}

export interface GridViewSource {
  getState(): GridView;
  subscribe(listener: () => void): () => void;
}

/** Renderer and camera settings both hosts of the scene use. */
export const rendererOptions = (software: boolean) =>
  ({ antialias: !software, powerPreference: 'low-power' }) as const;
export const cameraOptions = { near: 0.1, far: 100, position: [0, 10, 10] } as const;

/** The whole scene: lights, camera framing and the boxes, drawn from `source`. */
export function GridScene({
  source,
  reducedMotion,
}: {
  source: GridViewSource;
  reducedMotion: boolean;
}) {
  return (
    <>
      <hemisphereLight args={['#fff6ff', '#2a1d33', 1.6]} />
      <directionalLight position={[-5, 12, 7]} intensity={2.2} />
      <directionalLight position={[6, 4, -3]} intensity={0.35} color="#d9b8ff" />
      <CameraRig />
      <Boxes source={source} reducedMotion={reducedMotion} />
    </>
  );
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Compiles the scene's shaders and uploads its textures, one piece per task. Linking a program
 * blocks where KHR_parallel_shader_compile is missing (software WebGL among others), and doing it
 * all inside the first frame would block the page for a few hundred milliseconds at once.
 */
export async function compileInSteps({ gl, scene, camera }: RootState): Promise<void> {
  for (const object of [...scene.children]) {
    await nextTask();
    if (gl.getContext().isContextLost()) return;
    gl.compile(object, camera, scene);
    for (const material of materialsOf(object)) {
      await nextTask();
      if (gl.getContext().isContextLost()) return;
      // three.js waits for the link on the program's first use: let that happen here.
      const { currentProgram } = gl.properties.get(material) as {
        currentProgram?: { getUniforms(): unknown };
      };
      currentProgram?.getUniforms();
      // Custom shaders name their textures in userData.
      for (const value of [...Object.values(material), ...Object.values(material.userData)]) {
        if (value instanceof THREE.Texture) gl.initTexture(value);
      }
    }
  }
  await nextTask();
}

function materialsOf(object: THREE.Object3D): Set<THREE.Material> {
  const materials = new Set<THREE.Material>();
  object.traverse((child) => {
    const { material } = child as Partial<THREE.Mesh>;
    for (const one of [material ?? []].flat()) materials.add(one);
  });
  return materials;
}

/**
 * Pixels a software rasteriser may draw per frame. Past this, each frame of a fast run holds the
 * thread that draws it for more than 50 ms; below it, motion stays smooth at a softer image.
 */
const SOFTWARE_PIXEL_BUDGET = 300_000;

/** The pixel ratio to draw a canvas of this CSS size with. */
export function pixelRatioFor(
  width: number,
  height: number,
  devicePixelRatio: number,
  software: boolean,
): number {
  if (!software) return Math.min(Math.max(devicePixelRatio, 1), 2);
  const pixels = Math.max(1, width * height);
  return Math.min(1, Math.round(Math.sqrt(SOFTWARE_PIXEL_BUDGET / pixels) * 100) / 100);
}

/** Frames the grid exactly as the DOM twin expects, at any canvas size. */
function CameraRig() {
  const get = useThree((state) => state.get);
  const size = useThree((state) => state.size);
  useLayoutEffect(() => {
    const { camera, invalidate } = get();
    const distance = 20;
    camera.position.set(
      0,
      LID_TOP + distance * Math.sin(ELEVATION),
      distance * Math.cos(ELEVATION),
    );
    camera.up.set(0, 1, 0);
    camera.lookAt(0, LID_TOP, 0);
    camera.zoom = Math.min(size.width / FRAME_WIDTH, size.height / FRAME_HEIGHT);
    camera.updateProjectionMatrix();
    invalidate();
  }, [get, size]);
  return null;
}

interface ShownState {
  slips: Int32Array | null;
  game: GameState | null;
  showCycles: boolean | null;
  opened: Uint8Array;
  angles: Float32Array;
  targets: Float32Array;
}

const scratch = new THREE.Object3D();
const scratchColour = new THREE.Color();

function Boxes({ source, reducedMotion }: { source: GridViewSource; reducedMotion: boolean }) {
  const invalidate = useThree((state) => state.invalidate);
  const gl = useThree((state) => state.gl);
  const resources = useMemo(() => createSceneResources(gl.capabilities.getMaxAnisotropy()), [gl]);
  useEffect(() => () => resources.dispose(), [resources]);
  // Changes only ask for a frame; the frame reads the state itself.
  useEffect(() => source.subscribe(() => invalidate()), [source, invalidate]);

  const shown = useRef<ShownState>({
    slips: null,
    game: null,
    showCycles: null,
    opened: new Uint8Array(PRISONER_COUNT),
    angles: new Float32Array(PRISONER_COUNT).fill(-1),
    targets: new Float32Array(PRISONER_COUNT),
  });

  useFrame((_, delta) => {
    if (updateScene(resources, source.getState(), shown.current, delta, reducedMotion)) {
      invalidate();
    }
  });

  return (
    <>
      <primitive object={resources.bodies} />
      <primitive object={resources.slips} />
      <primitive object={resources.lids} />
      <primitive object={resources.path.group} />
    </>
  );
}

/** Brings the scene up to date with the state; true while lids are still moving. */
function updateScene(
  resources: SceneResources,
  state: GridView,
  view: ShownState,
  rawDelta: number,
  reducedMotion: boolean,
): boolean {
  const { lids, bodies, slips, lidCells, path, pathMaterial } = resources;

  if (state.slips !== view.slips) {
    resources.showArrangement(state.slips, state.cycles);
    path.clear();
    view.slips = state.slips;
    view.game = null;
  }
  if (state.game !== view.game || state.showCycles !== view.showCycles) {
    const { game, showCycles, slips: arrangement, cycles } = state;
    view.game = game;
    view.showCycles = showCycles;
    view.opened.fill(0);
    for (const box of game.opened) view.opened[box] = 1;
    const last = game.opened[game.opened.length - 1];
    const found = game.status === 'found' || game.status === 'all-found';
    const missedBox = game.status === 'failed' ? arrangement.indexOf(game.prisoner) : -1;
    for (let box = 0; box < PRISONER_COUNT; box++) {
      view.targets[box] = view.opened[box] ? LID_OPEN_ANGLE : 0;
      const cycleTint = cycleColour(cycles.cycleOfBox[box] as number);
      // Lids get a pale tint of the cycle colour, so the ink on them stays readable.
      if (showCycles) scratchColour.set(cycleTint).lerp(colours.lid, 0.55);
      else scratchColour.copy(colours.lid);
      if (box === missedBox) scratchColour.copy(colours.missed);
      lids.setColorAt(box, scratchColour);
      scratchColour.set(showCycles ? cycleTint : colours.body);
      if (!showCycles) scratchColour.multiplyScalar(view.opened[box] ? 0.82 : 1);
      bodies.setColorAt(box, scratchColour);
      slips.setColorAt(box, found && box === last ? colours.found : colours.slip);
      lidCells.setX(box, showCycles ? CYCLE_LABEL_OFFSET + box : box);
    }
    lidCells.needsUpdate = true;
    for (const mesh of [lids, bodies, slips]) {
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    }
    path.show(game.opened);
    const pathColour =
      game.status === 'failed' ? colours.pathFailed : found ? colours.pathFound : colours.path;
    pathMaterial.color.copy(pathColour);
    pathMaterial.emissive.copy(pathColour);
  }

  // Lids swing towards their targets; with reduced motion they jump there.
  // Long frames (slow devices) still finish the swing in about the same time.
  const delta = Math.min(rawDelta, 0.1);
  const ease = reducedMotion ? 1 : 1 - Math.exp(-delta * 16);
  let moving = false;
  let changed = false;
  for (let box = 0; box < PRISONER_COUNT; box++) {
    const target = view.targets[box] as number;
    const angle = view.angles[box] as number;
    if (angle === target) continue;
    let next = angle < 0 ? target : angle + (target - angle) * ease;
    if (Math.abs(target - next) < 0.003) next = target;
    else moving = true;
    view.angles[box] = next;
    const { x, z } = boxPosition(box);
    scratch.position.set(x, BOX_HEIGHT, z - (BOX_SIZE + 0.03) / 2);
    scratch.rotation.set(-next, 0, 0);
    scratch.updateMatrix();
    lids.setMatrixAt(box, scratch.matrix);
    changed = true;
  }
  if (changed) lids.instanceMatrix.needsUpdate = true;
  return moving;
}
