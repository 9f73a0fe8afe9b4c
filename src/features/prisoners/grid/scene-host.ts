import type { RootState } from '@react-three/fiber';
import * as THREE from 'three';
import { PacedRenderer } from './paced-renderer.ts';

/**
 * What both hosts of the scene share: the page's <Canvas> (grid-drawn-on-page.tsx) and the
 * worker's bare root on an OffscreenCanvas (grid-render-worker-api.tsx).
 */

/**
 * Drawing in a worker, the board is multisampled: a large board's tables between columns are
 * narrower than a pixel and would come and go column by column without it, and a slow frame costs
 * the page nothing. Drawing on the page, it is not: multisampled frames there made software
 * rendering lose its context (Chromium's watchdog), and the page's own frames wait on them; the
 * quality governor's pixel ratios above 1 smooth the edges wherever there is room.
 */
const rendererFor = (multisampled: boolean) => (defaults: THREE.WebGLRendererParameters) =>
  new PacedRenderer({ ...defaults, antialias: multisampled, powerPreference: 'low-power' });
const inWorker = rendererFor(true);
const onPage = rendererFor(false);
const cameraOptions = { near: 0.1, far: 100, position: [0, 10, 10] } as const;

/**
 * The renderer, camera and frame loop of the scene, in a worker or on the page. Nothing is drawn
 * until every shader is compiled (compileInSteps); after that a frame is drawn only when one is
 * asked for.
 */
export function sceneSettings(compiled: boolean, host: 'worker' | 'page') {
  return {
    gl: host === 'worker' ? inWorker : onPage,
    camera: cameraOptions,
    orthographic: true,
    frameloop: compiled ? 'demand' : 'never',
  } as const;
}

/** Calls `onLost` when the canvas loses its WebGL context, which the scene then gives up. */
export function watchContextLoss(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  onLost: () => void,
): void {
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    onLost();
  });
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
