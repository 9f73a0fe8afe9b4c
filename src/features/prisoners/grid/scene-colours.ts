import * as THREE from 'three';
import type { Theme } from '../../../components/theme/theme-choice.ts';
import { PICKED_COLOUR } from './palette.ts';

/** The 3D board's colours in one theme. */
export interface SceneColours {
  body: THREE.Color;
  lid: THREE.Color;
  /** An open lid: the colour of its shaded underside, no cycle's. */
  openLid: THREE.Color;
  lidInk: THREE.Color;
  slip: THREE.Color;
  slipInk: THREE.Color;
  found: THREE.Color;
  picked: THREE.Color;
  missed: THREE.Color;
  path: THREE.Color;
  pathFailed: THREE.Color;
  pathFound: THREE.Color;
}

/** Marks and inks: the same in both themes, the stage being dark in both. */
const marks = {
  lidInk: '#2a1d33',
  slipInk: '#1d1a22',
  found: '#35c27a',
  picked: PICKED_COLOUR,
  // The box the failing walk never reached: the failure's colour, no cycle's.
  missed: '#ff7b70',
  path: '#c437e0',
  pathFailed: '#ff5a4e',
  pathFound: '#35c27a',
};

/**
 * The board in each theme. In the dark one the boxes are dimmed, so that a page of dark
 * surfaces has no glaring block of white in it. The DOM grid's colours (box-grid.module.css,
 * `--board-*`) are the same.
 */
const hexes: Record<Theme, Record<keyof SceneColours, string>> = {
  light: { ...marks, body: '#a48fb5', lid: '#f4eff7', openLid: '#6b5a7a', slip: '#fffaf0' },
  dark: { ...marks, body: '#8a779c', lid: '#d9cfe2', openLid: '#5a4b67', slip: '#ebe4d6' },
};

const toColours = (theme: Theme): SceneColours =>
  Object.fromEntries(
    Object.entries(hexes[theme]).map(([part, hex]) => [part, new THREE.Color(hex)]),
  ) as unknown as SceneColours;

export const sceneColours: Readonly<Record<Theme, SceneColours>> = {
  light: toColours('light'),
  dark: toColours('dark'),
};
