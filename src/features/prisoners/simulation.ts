/** The simulation's entry module: the views the page lays out, and the hooks that run them. */
export { AboutDialog } from './simulation/about-dialog.tsx';
export { BoardOdds } from './simulation/board-odds.tsx';
export { BoardSettings } from './simulation/board-settings.tsx';
export { Controls } from './simulation/controls.tsx';
export { CyclesLegend } from './simulation/cycles-legend.tsx';
export { HelperTurn } from './simulation/helper-turn.tsx';
export { LabArrivalNotice } from './simulation/lab-arrival-notice.tsx';
export { OutcomeDialog } from './simulation/outcome-dialog.tsx';
export { SeedInfo } from './simulation/seed-info.tsx';
export { SimulationBoard } from './simulation/simulation-board.tsx';
export { StatusBar } from './simulation/status-bar.tsx';
export { VariantPicker } from './simulation/variant-picker.tsx';
export { CYCLE_SUCCESS, formatCount } from './simulation/format.ts';
export { useAddressRun } from './simulation/use-address-run.ts';
export { useAutoPlay } from './simulation/use-auto-play.ts';
export { usePaintEffects } from './simulation/paint-effects.ts';
export { usePlayedBoard, type PlayedBoard } from './simulation/use-played-board.ts';
export { ReadyFieldset } from './simulation/ready-fieldset.tsx';
