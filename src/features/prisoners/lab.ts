// The lab's entry module: what the lab page composes.
export { LabView } from './lab/lab-view.tsx';
export {
  defaultDraft,
  defaultGuesses,
  draftFromQuery,
  parseWholeNumber,
  queryFromDraft,
  queryOfRun,
  type LabSettings,
  type SettingsDraft,
} from './engine/lab-settings.ts';
