import * as THREE from 'three';
import { createGlyphAtlas, SLIP_NUMBER_SIZE, type AtlasCanvas } from './label-atlas.ts';
import { labelMaterial } from './label-material.ts';
import {
  BOX_HEIGHT,
  BOX_SIZE,
  LID_SIZE,
  LID_THICKNESS,
  SLIP_SIZE,
  boxPosition,
  gridLayout,
} from './layout.ts';
import { PICKED_COLOUR } from './palette.ts';
import { createPathArcs, type PathArcs } from './path-arcs.ts';
import { createRingGuides, type RingGuides } from './ring-guides.ts';
import type { CycleStructure } from '../engine/cycles.ts';

export const colours = {
  body: new THREE.Color('#a48fb5'),
  lid: new THREE.Color('#f4eff7'),
  openLid: new THREE.Color('#6b5a7a'),
  lidInk: new THREE.Color('#2a1d33'),
  slip: new THREE.Color('#fffaf0'),
  slipInk: new THREE.Color('#1d1a22'),
  found: new THREE.Color('#35c27a'),
  picked: new THREE.Color(PICKED_COLOUR),
  // The box the failing walk never reached: the failure's colour, no cycle's.
  missed: new THREE.Color('#ff7b70'),
  path: new THREE.Color('#c437e0'),
  pathFailed: new THREE.Color('#ff5a4e'),
  pathFound: new THREE.Color('#35c27a'),
} as const;

export interface SceneResources {
  /** Boxes the meshes hold: the board's n. */
  boxes: number;
  atlasCanvas: AtlasCanvas;
  atlas: THREE.CanvasTexture<AtlasCanvas>;
  bodies: THREE.InstancedMesh;
  lids: THREE.InstancedMesh;
  /** Each lid's LabelValues, three numbers per box. */
  lidLabels: THREE.InstancedBufferAttribute;
  slips: THREE.InstancedMesh;
  slipLabels: THREE.InstancedBufferAttribute;
  /** The lids' labels while every slip is shown: the box (or its name), the slip, the frame. */
  cycleLabels: Float32Array;
  path: PathArcs;
  pathMaterial: THREE.MeshLambertMaterial;
  guides: RingGuides;
  /** Labels for a new board; `names` are the prisoners' names for the boxes, when relabelled. */
  showArrangement(
    slips: ArrayLike<number>,
    structure: CycleStructure,
    names: ArrayLike<number> | null,
  ): void;
  dispose(): void;
}

/** Meshes for a board of `boxes` boxes: one instanced draw each for bodies, lids and slips. */
export function createSceneResources(boxes: number, maxAnisotropy: number): SceneResources {
  const glyphs = createGlyphAtlas();
  const atlasCanvas = glyphs.canvas;
  const atlas = new THREE.CanvasTexture(atlasCanvas);
  atlas.colorSpace = THREE.SRGBColorSpace;
  atlas.anisotropy = Math.min(8, maxAnisotropy);

  const scratch = new THREE.Object3D();

  const bodyGeometry = new THREE.BoxGeometry(BOX_SIZE, BOX_HEIGHT, BOX_SIZE);
  bodyGeometry.translate(0, BOX_HEIGHT / 2, 0);
  const bodyMaterial = new THREE.MeshLambertMaterial();
  const bodies = new THREE.InstancedMesh(bodyGeometry, bodyMaterial, boxes);

  // The lid turns about its back edge: the geometry's origin is that hinge.
  const lidGeometry = new THREE.BoxGeometry(LID_SIZE, LID_THICKNESS, LID_SIZE);
  lidGeometry.translate(0, LID_THICKNESS / 2, LID_SIZE / 2);
  const lidLabels = new THREE.InstancedBufferAttribute(new Float32Array(3 * boxes), 3);
  lidGeometry.setAttribute('label', lidLabels);
  const lidSide = new THREE.MeshLambertMaterial();
  const lidTop = labelMaterial(atlas, glyphs, colours.lidInk);
  // BoxGeometry groups: +x, -x, +y (top: the label), -y, +z, -z.
  const lids = new THREE.InstancedMesh(
    lidGeometry,
    [lidSide, lidSide, lidTop, lidSide, lidSide, lidSide],
    boxes,
  );

  const slipGeometry = new THREE.PlaneGeometry(SLIP_SIZE, SLIP_SIZE);
  slipGeometry.rotateX(-Math.PI / 2);
  const slipLabels = new THREE.InstancedBufferAttribute(new Float32Array(3 * boxes), 3);
  slipGeometry.setAttribute('label', slipLabels);
  const slipMaterial = labelMaterial(atlas, glyphs, colours.slipInk, {
    plainSize: SLIP_NUMBER_SIZE,
  });
  const slips = new THREE.InstancedMesh(slipGeometry, slipMaterial, boxes);

  const grid = gridLayout(boxes);
  for (let box = 0; box < boxes; box++) {
    const { x, z } = boxPosition(grid, box);
    scratch.position.set(x, 0, z);
    scratch.rotation.set(0, 0, 0);
    scratch.updateMatrix();
    bodies.setMatrixAt(box, scratch.matrix);
    bodies.setColorAt(box, colours.body);
    scratch.position.set(x, BOX_HEIGHT + 0.004, z);
    scratch.updateMatrix();
    slips.setMatrixAt(box, scratch.matrix);
    slips.setColorAt(box, colours.slip);
    lids.setColorAt(box, colours.lid);
    lidLabels.setX(box, box + 1);
  }

  const pathMaterial = new THREE.MeshLambertMaterial({
    color: colours.path,
    emissive: colours.path,
    emissiveIntensity: 0.55,
  });
  const path = createPathArcs(pathMaterial, boxes);
  const guides = createRingGuides();
  const cycleLabels = new Float32Array(3 * boxes);

  return {
    boxes,
    atlasCanvas,
    atlas,
    bodies,
    lids,
    lidLabels,
    slips,
    slipLabels,
    cycleLabels,
    path,
    pathMaterial,
    guides,
    showArrangement(arrangement, structure, names) {
      for (let box = 0; box < boxes; box++) {
        const slip = arrangement[box] as number;
        // Under the secret relabelling a box is headed by its name: the slip names the next box by it.
        cycleLabels[3 * box] = (names ? (names[box] as number) : box) + 1;
        cycleLabels[3 * box + 1] = slip + 1;
        cycleLabels[3 * box + 2] = structure.cycles[structure.cycleOfBox[box] as number]?.dooms
          ? 1
          : 0;
        slipLabels.setX(box, slip + 1);
      }
      slipLabels.needsUpdate = true;
    },
    dispose() {
      atlas.dispose();
      for (const mesh of [bodies, lids, slips]) mesh.dispose();
      for (const geometry of [bodyGeometry, lidGeometry, slipGeometry]) geometry.dispose();
      path.dispose();
      guides.dispose();
      for (const material of [bodyMaterial, lidSide, lidTop, slipMaterial, pathMaterial]) {
        material.dispose();
      }
    },
  };
}
