import * as THREE from 'three';
import { PRISONER_COUNT } from '../engine/constants.ts';
import {
  ATLAS_COLUMNS,
  ATLAS_ROWS,
  CYCLE_LABEL_OFFSET,
  createAtlasCanvas,
  drawCycleLabels,
  type AtlasCanvas,
} from './label-atlas.ts';
import { BOX_HEIGHT, BOX_SIZE, LID_THICKNESS, boxPosition } from './layout.ts';
import { PICKED_COLOUR } from './palette.ts';
import type { CycleStructure } from '../engine/cycles.ts';
import { createPathArcs, type PathArcs } from './path-arcs.ts';
import { createRingGuides, type RingGuides } from './ring-guides.ts';

export const colours = {
  body: new THREE.Color('#a48fb5'),
  lid: new THREE.Color('#f4eff7'),
  lidInk: new THREE.Color('#2a1d33'),
  slip: new THREE.Color('#fffaf0'),
  slipInk: new THREE.Color('#1d1a22'),
  found: new THREE.Color('#35c27a'),
  picked: new THREE.Color(PICKED_COLOUR),
  missed: new THREE.Color('#ffb454'),
  path: new THREE.Color('#c437e0'),
  pathFailed: new THREE.Color('#ff5a4e'),
  pathFound: new THREE.Color('#35c27a'),
} as const;

const LID_SIZE = BOX_SIZE + 0.03;
const SLIP_SIZE = BOX_SIZE * 0.72;

/**
 * A Lambert material (cheap enough for software WebGL on phones) that prints one cell of the label atlas, chosen per instance by the
 * `atlasCell` attribute, in `ink` over the instance colour.
 */
function labelMaterial(
  atlas: THREE.Texture,
  ink: THREE.Color,
  parameters: THREE.MeshLambertMaterialParameters = {},
): THREE.MeshLambertMaterial {
  const material = new THREE.MeshLambertMaterial(parameters);
  // Named here too, so the texture can be uploaded before the first frame.
  material.userData.labelAtlas = atlas;
  material.onBeforeCompile = (shader) => {
    shader.uniforms.labelAtlas = { value: atlas };
    shader.uniforms.labelInk = { value: ink };
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        '#include <common>\nattribute float atlasCell;\nvarying vec2 vLabelUv;',
      )
      .replace(
        '#include <begin_vertex>',
        `#include <begin_vertex>
        vec2 labelCell = vec2(mod(atlasCell, ${ATLAS_COLUMNS}.0), ${ATLAS_ROWS - 1}.0 - floor(atlasCell / ${ATLAS_COLUMNS}.0));
        vLabelUv = (labelCell + uv) / vec2(${ATLAS_COLUMNS}.0, ${ATLAS_ROWS}.0);`,
      );
    shader.fragmentShader = shader.fragmentShader
      .replace(
        '#include <common>',
        '#include <common>\nuniform sampler2D labelAtlas;\nuniform vec3 labelInk;\nvarying vec2 vLabelUv;',
      )
      .replace(
        '#include <color_fragment>',
        `#include <color_fragment>
        diffuseColor.rgb = mix(diffuseColor.rgb, labelInk, texture2D(labelAtlas, vLabelUv).a);`,
      );
  };
  material.customProgramCacheKey = () => 'atlas-label';
  return material;
}

export interface SceneResources {
  atlasCanvas: AtlasCanvas;
  atlas: THREE.CanvasTexture<AtlasCanvas>;
  bodies: THREE.InstancedMesh;
  lids: THREE.InstancedMesh;
  lidCells: THREE.InstancedBufferAttribute;
  slips: THREE.InstancedMesh;
  slipCells: THREE.InstancedBufferAttribute;
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

export function createSceneResources(maxAnisotropy: number): SceneResources {
  const atlasCanvas = createAtlasCanvas();
  const atlas = new THREE.CanvasTexture(atlasCanvas);
  atlas.colorSpace = THREE.SRGBColorSpace;
  atlas.anisotropy = Math.min(8, maxAnisotropy);

  const scratch = new THREE.Object3D();

  const bodyGeometry = new THREE.BoxGeometry(BOX_SIZE, BOX_HEIGHT, BOX_SIZE);
  bodyGeometry.translate(0, BOX_HEIGHT / 2, 0);
  const bodyMaterial = new THREE.MeshLambertMaterial();
  const bodies = new THREE.InstancedMesh(bodyGeometry, bodyMaterial, PRISONER_COUNT);

  // The lid turns about its back edge: the geometry's origin is that hinge.
  const lidGeometry = new THREE.BoxGeometry(LID_SIZE, LID_THICKNESS, LID_SIZE);
  lidGeometry.translate(0, LID_THICKNESS / 2, LID_SIZE / 2);
  const lidCells = new THREE.InstancedBufferAttribute(new Float32Array(PRISONER_COUNT), 1);
  lidGeometry.setAttribute('atlasCell', lidCells);
  const lidSide = new THREE.MeshLambertMaterial();
  const lidTop = labelMaterial(atlas, colours.lidInk);
  // BoxGeometry groups: +x, -x, +y (top: the label), -y, +z, -z.
  const lids = new THREE.InstancedMesh(
    lidGeometry,
    [lidSide, lidSide, lidTop, lidSide, lidSide, lidSide],
    PRISONER_COUNT,
  );

  const slipGeometry = new THREE.PlaneGeometry(SLIP_SIZE, SLIP_SIZE);
  slipGeometry.rotateX(-Math.PI / 2);
  const slipCells = new THREE.InstancedBufferAttribute(new Float32Array(PRISONER_COUNT), 1);
  slipGeometry.setAttribute('atlasCell', slipCells);
  const slipMaterial = labelMaterial(atlas, colours.slipInk);
  const slips = new THREE.InstancedMesh(slipGeometry, slipMaterial, PRISONER_COUNT);

  for (let box = 0; box < PRISONER_COUNT; box++) {
    const { x, z } = boxPosition(box);
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
    lidCells.setX(box, box);
  }

  const pathMaterial = new THREE.MeshLambertMaterial({
    color: colours.path,
    emissive: colours.path,
    emissiveIntensity: 0.55,
  });
  const path = createPathArcs(pathMaterial);
  const guides = createRingGuides();

  return {
    atlasCanvas,
    atlas,
    bodies,
    lids,
    lidCells,
    slips,
    slipCells,
    path,
    pathMaterial,
    guides,
    showArrangement(arrangement, structure, names) {
      drawCycleLabels(atlasCanvas, arrangement, structure, names);
      atlas.needsUpdate = true;
      for (let box = 0; box < PRISONER_COUNT; box++)
        slipCells.setX(box, arrangement[box] as number);
      slipCells.needsUpdate = true;
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

export { CYCLE_LABEL_OFFSET };
