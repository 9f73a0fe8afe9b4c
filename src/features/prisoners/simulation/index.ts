/** The simulation page's feature: the views the page lays out, and the hooks that run them. */
export { AboutDialog } from './about-dialog.tsx';
export { BoardOdds } from './board-odds.tsx';
export { BoardSettings } from './board-settings.tsx';
export { Controls } from './controls.tsx';
export { CyclesLegend } from './cycles-legend.tsx';
export { HelperTurn } from './helper-turn.tsx';
export { LabArrivalNotice } from './lab-arrival-notice.tsx';
export { OutcomeDialog } from './outcome-dialog.tsx';
export { SeedInfo } from './seed-info.tsx';
export { SimulationBoard } from './simulation-board.tsx';
export { StatusBar } from './status-bar.tsx';
export { VariantPicker } from './variant-picker.tsx';
export { CYCLE_SUCCESS, formatCount } from './format.ts';
export { useAddressRun } from './use-address-run.ts';
export { useAutoPlay } from './use-auto-play.ts';
export { usePlayedBoard, type PlayedBoard } from './use-played-board.ts';
