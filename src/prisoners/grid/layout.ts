import { PRISONER_COUNT } from '../engine/constants.ts';

/**
 * Geometry of the 3D grid, shared with the DOM twin so that every button sits exactly over its
 * box. The orthographic camera looks down at ELEVATION; an affine projection keeps the lid tops
 * on a regular screen grid: columns PITCH apart, rows PITCH·sin(ELEVATION) apart.
 */
export const COLUMNS = 10;
export const ROWS = PRISONER_COUNT / COLUMNS;
export const PITCH = 1;
export const BOX_SIZE = 0.76;
export const BOX_HEIGHT = 0.3;
export const LID_THICKNESS = 0.06;
export const LID_TOP = BOX_HEIGHT + LID_THICKNESS;
export const ELEVATION = (58 * Math.PI) / 180;
/**
 * How far a lid swings up on its back hinge. Short of upright, so that from the camera's angle
 * the open lid is a slim panel that leaves the number of the box behind it readable.
 */
export const LID_OPEN_ANGLE = (72 * Math.PI) / 180;

const SIDE_MARGIN = 0.3;
// Open lids of the back row rise above the grid; front faces of the front row hang below it.
const VERTICAL_MARGIN = 0.55;

export const GRID_WIDTH = COLUMNS * PITCH;
export const GRID_HEIGHT = ROWS * PITCH * Math.sin(ELEVATION);
export const FRAME_WIDTH = GRID_WIDTH + 2 * SIDE_MARGIN;
export const FRAME_HEIGHT = GRID_HEIGHT + 2 * VERTICAL_MARGIN;

/** Where the DOM twin goes, in percent of the canvas. */
export const overlayBox = {
  left: (SIDE_MARGIN / FRAME_WIDTH) * 100,
  top: (VERTICAL_MARGIN / FRAME_HEIGHT) * 100,
  width: (GRID_WIDTH / FRAME_WIDTH) * 100,
  height: (GRID_HEIGHT / FRAME_HEIGHT) * 100,
} as const;

/**
 * World x and z of a box's centre. Box 0 is at the back left, seen from the camera; z grows
 * toward the camera, so each row of ten sits one pitch nearer the viewer than the one before.
 */
export function boxPosition(box: number): { x: number; z: number } {
  const column = box % COLUMNS;
  const row = Math.floor(box / COLUMNS);
  return { x: (column - (COLUMNS - 1) / 2) * PITCH, z: (row - (ROWS - 1) / 2) * PITCH };
}
