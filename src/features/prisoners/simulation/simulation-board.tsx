import { BoxGrid } from '../grid/box-grid.tsx';
import { boardSource } from './board-source.ts';

/** The simulation's board: the grid, showing the game as the view settings say. */
export function SimulationBoard() {
  return <BoxGrid source={boardSource} />;
}
