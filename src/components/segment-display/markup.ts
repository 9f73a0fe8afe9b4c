import type { DayVersion } from './clock-text.ts';
import { SEGMENT_DEFAULTS } from './defaults.ts';

export interface DisplaySettings {
  text: string;
  sgClr: string;
  bgClr: string;
  size: number;
  dayVersion: DayVersion;
}

/** A JSX attribute value for a string: quoted when it can be, an expression otherwise. */
function stringAttribute(value: string): string {
  return /["{}<>&\\\n]/.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`;
}

/** The JSX that reproduces a display, naming only the props that differ from the defaults. */
export function segmentDisplayMarkup(settings: DisplaySettings): string {
  const props = [`text=${stringAttribute(settings.text)}`];
  if (settings.sgClr.toLowerCase() !== SEGMENT_DEFAULTS.sgClr) {
    props.push(`sgClr=${stringAttribute(settings.sgClr)}`);
  }
  if (settings.bgClr.toLowerCase() !== SEGMENT_DEFAULTS.bgClr) {
    props.push(`bgClr=${stringAttribute(settings.bgClr)}`);
  }
  if (settings.size !== SEGMENT_DEFAULTS.size) props.push(`size={${settings.size}}`);
  if (settings.dayVersion !== SEGMENT_DEFAULTS.dayVersion) {
    props.push(`dayVersion=${stringAttribute(settings.dayVersion)}`);
  }
  const oneLine = `<SegmentDisplay ${props.join(' ')} />`;
  if (oneLine.length <= 60) return oneLine;
  return `<SegmentDisplay\n${props.map((prop) => `  ${prop}`).join('\n')}\n/>`;
}
