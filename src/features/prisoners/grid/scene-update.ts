/**
 * Brings the 3D scene in line with the simulation's state, frame by frame: colours and labels
 * when the game changes, and the motion of every box (gliding between the grid and the rings),
 * lid (swinging open) and slip (rising to face the camera once its box is open).
 */
import * as THREE from 'three';
import type { CycleStructure } from '../engine/cycles.ts';
import type { GameState } from '../engine/game.ts';
import { namesOfBoxes } from '../engine/variants.ts';
import {
  BOX_HEIGHT,
  ELEVATION,
  LID_OPEN_ANGLE,
  LID_SIZE,
  gridLayout,
  liftedSlip,
} from './layout.ts';
import { cycleColour } from './palette.ts';
import { gridPlacements, ringLayout, type Placement, type Ring } from './ring-layout.ts';
import type { GridView } from './grid-view.ts';
import type { SceneResources } from './scene-resources.ts';
import { sceneColours } from './scene-colours.ts';
import { tubeRadiusFor } from './path-arcs.ts';
import type { TableRect } from './near-view.ts';

/** What is on screen now, moving towards what the state asks for. */
export interface ShownState {
  /** The cycles whose slips and labels are drawn: a new board brings new cycles. */
  cycles: CycleStructure | null;
  /** names[box]: the prisoners' secret name for the box, under the relabelling. */
  names: Int32Array | null;
  game: GameState | null;
  looks: string;
  /** The rings' cycles, or 'grid'. */
  layout: unknown;
  /** The rings on the table (none in the grid), and the start box their guides were drawn for. */
  rings: readonly Ring[];
  guides: { rings: readonly Ring[]; start: number; guesses: number } | null;
  /** Current and target placement of every box: x, z and scale. */
  placements: Placement[];
  targets: Placement[];
  angles: Float32Array;
  angleTargets: Float32Array;
  lifts: Float32Array;
  liftTargets: Float32Array;
}

/** Nothing shown yet, for a board of n boxes. */
export function createShownState(n: number): ShownState {
  return {
    cycles: null,
    names: null,
    game: null,
    looks: '',
    layout: null,
    rings: [],
    guides: null,
    placements: gridPlacements(n),
    targets: gridPlacements(n),
    angles: new Float32Array(n).fill(-1),
    angleTargets: new Float32Array(n),
    lifts: new Float32Array(n),
    liftTargets: new Float32Array(n),
  };
}

const scratch = new THREE.Object3D();
const scratchColour = new THREE.Color();
/** An opened slip turns to face the camera, which looks down at ELEVATION. */
const SLIP_TILT = Math.PI / 2 - ELEVATION;

/** The box the current prisoner starts from, for the out-of-reach marks. */
function startBox(view: GridView): number {
  const prisoner = view.game.prisoner;
  return view.labels ? (view.labels[prisoner] as number) : prisoner;
}

/** Moves `value` a step towards `target`; exact once close. */
function approach(value: number, target: number, ease: number, epsilon: number): number {
  const next = value + (target - value) * ease;
  return Math.abs(target - next) < epsilon ? target : next;
}

/**
 * How far in seconds a frame moves the boxes. While they move, by all the time since the last
 * frame, however long: a starved page (a frame every few seconds) still shows where every box is
 * by now, so the board settles in real time, not in a count of frames. A board that stood still
 * (drawn on demand, its last frame may be minutes old) starts moving at the change that moves
 * it: its first frame shows the movement as far as it has come since then, and a frame that
 * comes late shows it as far along as it is.
 */
export function animationStep(
  sinceLastFrame: number,
  wasMoving: boolean,
  sinceChange: number,
): number {
  return wasMoving ? sinceLastFrame : Math.min(sinceLastFrame, sinceChange);
}

/**
 * Brings the scene up to date with the state, moving everything `step` seconds on (see
 * `animationStep`); true while anything is still moving. The path's arcs are drawn only where
 * they may cross `nearView`, when that leaves out most of them (near-view.ts). The resources
 * and the shown state are for the state's board size (slips.length).
 */
export function updateScene(
  resources: SceneResources,
  state: GridView,
  view: ShownState,
  step: number,
  reducedMotion: boolean,
  nearView: TableRect | null = null,
): boolean {
  const { lids, bodies, slips, lidLabels, cycleLabels, path, pathMaterial, guides } = resources;
  const n = resources.boxes;

  if (state.cycles !== view.cycles) {
    view.names = state.labels ? namesOfBoxes(state.labels) : null;
    resources.showArrangement(state.slips, state.cycles, view.names);
    view.cycles = state.cycles;
    view.game = null;
  }

  // Where the boxes stand: the grid, or one ring per cycle.
  const layoutKey = state.rings ? state.cycles : 'grid';
  if (layoutKey !== view.layout) {
    view.layout = layoutKey;
    const layout = state.rings ? ringLayout(state.cycles.cycles) : null;
    view.rings = layout ? layout.rings : [];
    view.targets = layout ? [...layout.placements] : gridPlacements(n);
  }
  const start = startBox(state);
  const guesses = state.game.guesses;
  if (
    view.guides?.rings !== view.rings ||
    view.guides.start !== start ||
    view.guides.guesses !== guesses
  ) {
    view.guides = { rings: view.rings, start, guesses };
    guides.show(view.rings, start, guesses);
  }

  const looks = `${state.showCycles} ${state.rings} ${state.helperTurn} ${state.picked} ${state.theme}`;
  if (state.game !== view.game || looks !== view.looks) {
    const colours = sceneColours[state.theme];
    const { game, showCycles, rings, helperTurn, picked, cycles, slips: arrangement } = state;
    view.game = game;
    view.looks = looks;
    const opened = new Set(game.opened);
    const last = game.opened[game.opened.length - 1];
    const found = game.status === 'found' || game.status === 'all-found';
    const missedBox = game.status === 'failed' ? arrangement.indexOf(game.prisoner) : -1;
    const tinted = showCycles || rings;
    const slipLabels = showCycles || helperTurn;
    const pathColour =
      game.status === 'failed' ? colours.pathFailed : found ? colours.pathFound : colours.path;
    for (let box = 0; box < n; box++) {
      view.angleTargets[box] = opened.has(box) ? LID_OPEN_ANGLE : 0;
      // The slip just read rises to be read; earlier ones stay in their open boxes.
      view.liftTargets[box] = box === last ? 1 : 0;
      const cycleTint = cycleColour(cycles.cycleOfBox[box] as number);
      // Lids get a pale tint of the cycle colour, so the ink on them stays readable.
      if (tinted) scratchColour.set(cycleTint).lerp(colours.lid, 0.55);
      else scratchColour.copy(colours.lid);
      // An open lid stands up in the colour of its shaded underside: no cycle's colour (nor a
      // tint of one) ever marks a box as opened.
      if (opened.has(box)) scratchColour.copy(colours.openLid);
      if (box === missedBox) scratchColour.copy(colours.missed);
      if (box === picked) scratchColour.copy(colours.picked);
      lids.setColorAt(box, scratchColour);
      // An opened box shows its inside round the slip, shaded and in no cycle's colour: the
      // boxes a walk opened are all of its cycle, which the path and the legend show.
      if (opened.has(box)) scratchColour.copy(colours.body).multiplyScalar(0.82);
      else scratchColour.set(tinted ? cycleTint : colours.body);
      bodies.setColorAt(box, scratchColour);
      slips.setColorAt(box, found && box === last ? colours.found : colours.slip);
      // Under the secret relabelling a lid shows the name the prisoners gave its box.
      if (slipLabels) {
        lidLabels.setXYZ(
          box,
          cycleLabels[3 * box] as number,
          cycleLabels[3 * box + 1] as number,
          cycleLabels[3 * box + 2] as number,
        );
      } else {
        lidLabels.setXYZ(box, (view.names ? (view.names[box] as number) : box) + 1, 0, 0);
      }
    }
    lidLabels.needsUpdate = true;
    for (const mesh of [lids, bodies, slips]) {
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    }
    pathMaterial.color.copy(pathColour);
    pathMaterial.emissive.copy(pathColour);
  }

  // Everything moves towards its target; with reduced motion it is there at once. Long frames
  // (slow devices) finish a movement in the same time as short ones.
  const swing = reducedMotion ? 1 : 1 - Math.exp(-step * 16);
  const glide = reducedMotion ? 1 : 1 - Math.exp(-step * 5);
  let moving = false;
  let changed = false;
  for (let box = 0; box < n; box++) {
    const place = view.placements[box]!;
    const target = view.targets[box]!;
    const angleTarget = view.angleTargets[box] as number;
    const liftTarget = view.liftTargets[box] as number;
    const angle = view.angles[box] as number;
    const lift = view.lifts[box] as number;
    const first = angle < 0;
    if (
      !first &&
      angle === angleTarget &&
      lift === liftTarget &&
      place.x === target.x &&
      place.z === target.z &&
      place.scale === target.scale
    ) {
      continue;
    }
    changed = true;
    const next: Placement = first
      ? target
      : {
          x: approach(place.x, target.x, glide, 0.002),
          z: approach(place.z, target.z, glide, 0.002),
          scale: approach(place.scale, target.scale, glide, 0.001),
        };
    const nextAngle = first ? angleTarget : approach(angle, angleTarget, swing, 0.003);
    const nextLift = first ? liftTarget : approach(lift, liftTarget, swing, 0.003);
    if (
      next.x !== target.x ||
      next.z !== target.z ||
      next.scale !== target.scale ||
      nextAngle !== angleTarget ||
      nextLift !== liftTarget
    ) {
      moving = true;
    }
    view.placements[box] = next;
    view.angles[box] = nextAngle;
    view.lifts[box] = nextLift;
    placeBox(resources, box, next, nextAngle, nextLift);
  }
  if (changed) {
    for (const mesh of [bodies, lids, slips]) mesh.instanceMatrix.needsUpdate = true;
  }
  // The path hops between boxes where they stand: drawn once they have arrived. Placements are
  // compared by value: a box whose lid swings gets a new placement object at the same place.
  const gliding = view.placements.some((place, box) => !samePlace(place, view.targets[box]!));
  if (gliding) path.hide();
  // Arcs are cached per board and layout: the route changes with every new board.
  else {
    path.show(
      state.game.opened,
      view.targets,
      state.rings ? state.cycles : state.route,
      tubeRadiusFor(gridLayout(n).viewWidth, state.zoom.scale),
      nearView,
    );
  }
  return moving;
}

function samePlace(a: Placement, b: Placement): boolean {
  return a.x === b.x && a.z === b.z && a.scale === b.scale;
}

/** Writes a box's body, lid and slip matrices for its placement, lid angle and slip lift. */
function placeBox(
  { bodies, lids, slips }: SceneResources,
  box: number,
  { x, z, scale }: Placement,
  angle: number,
  lift: number,
) {
  const height = BOX_HEIGHT * scale;
  scratch.rotation.set(0, 0, 0);
  scratch.scale.setScalar(scale);
  scratch.position.set(x, 0, z);
  scratch.updateMatrix();
  bodies.setMatrixAt(box, scratch.matrix);

  // The lid turns about its back edge.
  scratch.position.set(x, height, z - (LID_SIZE / 2) * scale);
  scratch.rotation.set(-angle, 0, 0);
  scratch.updateMatrix();
  lids.setMatrixAt(box, scratch.matrix);

  // A slip lies in its box; the one just read rises above the box, faces the camera and grows.
  const card = liftedSlip(scale, lift);
  scratch.scale.setScalar(card.size);
  scratch.position.set(x, card.height, z + card.forward);
  scratch.rotation.set(lift * SLIP_TILT, 0, 0);
  scratch.updateMatrix();
  slips.setMatrixAt(box, scratch.matrix);
}
