import { ANIMATION_FRAMES, type FrameScheduler } from './animation-frames.ts';
import type { CycleStructure } from '../engine/cycles.ts';
import type { GameState } from '../engine/game.ts';
import type { BoardZoom } from './board-zoom.ts';
import type { Theme } from '../../../components/theme/theme-choice.ts';

/** What the grid shows: the simulation's state, from its store or from a copy in a worker. */
export interface GridView {
  slips: Int32Array;
  /** route[box]: the box the strategy opens after `box`. */
  route: Int32Array;
  /** The cycles of the route, longest first. */
  cycles: CycleStructure;
  /** The prisoners' secret names for the boxes, when they use them. */
  labels: Int32Array | null;
  game: GameState;
  showCycles: boolean;
  rings: boolean;
  /** The helper's turn: every slip is shown. */
  helperTurn: boolean;
  /** The box the helper has picked for an exchange. */
  picked: number | null;
  /** The view transform the camera and the DOM twin share. */
  zoom: BoardZoom;
  /** The site's theme, which the board's colours follow. */
  theme: Theme;
}

/** Where the scene reads its view: per frame with getState, told of changes by subscribe. */
export interface GridViewSource {
  getState(): GridView;
  subscribe(listener: () => void): () => void;
}

/** The fields of the view that a worker is sent: all but the cycles, which follow from the route. */
export type GridViewFields = Omit<GridView, 'cycles'>;

const FIELDS = [
  'slips',
  'route',
  'labels',
  'game',
  'showCycles',
  'rings',
  'helperTurn',
  'picked',
  'zoom',
  'theme',
] as const satisfies readonly (keyof GridViewFields)[];

/** The view's fields of a state (the store's, or a worker's copy). */
export function gridViewFields(state: GridViewFields): GridViewFields {
  return Object.fromEntries(FIELDS.map((field) => [field, state[field]])) as GridViewFields;
}

/** The fields that changed from `previous` to `next` (compared by identity), or null. */
export function changedFields(
  next: GridViewFields,
  previous: GridViewFields,
): Partial<GridViewFields> | null {
  const changed = FIELDS.filter((field) => next[field] !== previous[field]);
  return changed.length === 0
    ? null
    : (Object.fromEntries(changed.map((field) => [field, next[field]])) as Partial<GridViewFields>);
}

/**
 * Sends the fields of `source` that changed since the last send, at most once per frame and as
 * they are when the frame comes: a deal or a batch of openings that changes the view several
 * times in one task is one send, after that task. Returns the function that stops it.
 */
export function sendChangesPerFrame(
  source: GridViewSource,
  send: (changes: Partial<GridViewFields>) => void,
  frames: FrameScheduler = ANIMATION_FRAMES,
): () => void {
  let sent = source.getState();
  let asked: number | null = null;
  const sendNow = () => {
    asked = null;
    const next = source.getState();
    const changes = changedFields(next, sent);
    sent = next;
    if (changes) send(changes);
  };
  const unsubscribe = source.subscribe(() => {
    asked ??= frames.request(sendNow);
  });
  return () => {
    unsubscribe();
    if (asked !== null) frames.cancel(asked);
  };
}
