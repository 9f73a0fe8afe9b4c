import { useEffect, useMemo } from 'react';
import {
  formatClockText,
  parseClockFlags,
  spokenClockLabel,
  type DayVersion,
} from './clock-text.ts';
import { CELL_HEIGHT, layoutText } from './geometry.ts';
import { useSecondClock } from './second-clock.ts';
import { SEGMENT_DEFAULTS } from './defaults.ts';
import styles from './segment-display.module.css';

/** Unlit segments stay faintly visible, as on a real display. */
const UNLIT_OPACITY = 0.12;

export interface SegmentDisplayProps {
  /** Letters A–Z, digits, space, colon and dot; or clock mode with `!#` plus flags (`!#msdD`). */
  text: string;
  /** Colour of lit segments. */
  sgClr?: string;
  /** Background colour. */
  bgClr?: string;
  /** Character height in px. */
  size?: number;
  /** Weekday in clock mode: the full name, or three letters. */
  dayVersion?: DayVersion;
}

// Each unsupported character is reported once per page, not on every render or tick.
const reportedCharacters = new Set<string>();

function reportUnsupported(characters: readonly string[]) {
  for (const char of characters) {
    if (reportedCharacters.has(char)) continue;
    reportedCharacters.add(char);
    console.warn(
      `SegmentDisplay: ${JSON.stringify(char)} is not supported and is shown as a blank cell ` +
        '(supported: A-Z, 0-9, space, colon and dot).',
    );
  }
}

/** A 13-segment display drawn as SVG; text starting with `!#` turns it into a live clock. */
export function SegmentDisplay({
  text,
  sgClr = SEGMENT_DEFAULTS.sgClr,
  bgClr = SEGMENT_DEFAULTS.bgClr,
  size = SEGMENT_DEFAULTS.size,
  dayVersion = SEGMENT_DEFAULTS.dayVersion,
}: SegmentDisplayProps) {
  const clockFlags = useMemo(() => parseClockFlags(text), [text]);
  const second = useSecondClock(clockFlags !== null);

  const shown = clockFlags ? formatClockText(new Date(second), clockFlags, dayVersion) : text;
  const label = clockFlags
    ? spokenClockLabel(new Date(second), clockFlags)
    : text.trim() || 'Blank segment display';

  const layout = useMemo(() => layoutText(shown === '' ? ' ' : shown), [shown]);
  useEffect(() => reportUnsupported(layout.unsupported), [layout]);

  const height = Number.isFinite(size) && size > 0 ? size : SEGMENT_DEFAULTS.size;
  const width = (layout.width / CELL_HEIGHT) * height;

  return (
    <span
      className={styles.display}
      role="img"
      aria-label={label}
      data-shown={shown.toUpperCase()}
      data-clock={clockFlags ? 'true' : undefined}
      style={{ background: bgClr, fontSize: `${height}px` }}
    >
      <svg
        width={Math.round(width * 100) / 100}
        height={height}
        viewBox={`0 0 ${layout.width} ${CELL_HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
        <path d={layout.unlitPath} fill={sgClr} fillOpacity={UNLIT_OPACITY} />
        <path d={layout.litPath} fill={sgClr} />
      </svg>
    </span>
  );
}
