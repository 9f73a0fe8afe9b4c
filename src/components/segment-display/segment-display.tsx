import { useEffect, useMemo } from 'react';
import {
  LONGEST_WEEKDAY,
  formatClockText,
  parseClockFlags,
  spokenClockLabel,
  type ClockFlags,
  type DayVersion,
} from './clock-text.ts';
import { CELL_HEIGHT, layoutText } from './geometry.ts';
import { useSecondClock } from './second-clock.ts';
import { SEGMENT_DEFAULTS } from './defaults.ts';
import styles from './segment-display.module.css';

/** Unlit segments stay faintly visible, as on a real display. */
const UNLIT_OPACITY = 0.12;
/** Space around the characters and roundness of the corners, in character heights. */
const PADDING_X = 0.5;
const PADDING_Y = 0.4;
const CORNER = 0.18;

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

const round = (value: number) => Math.round(value * 100) / 100;

/** A clock before the time is known: as many cells as it will have, all unlit. */
function blankClockText(flags: ClockFlags, dayVersion: DayVersion): string {
  // The longest weekday, so that the display only ever narrows once the time is read.
  return formatClockText(LONGEST_WEEKDAY, flags, dayVersion).replace(/[^ ]/g, ' ');
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
  // null until the browser has read its clock (a page rendered at build time shows no time).
  const second = useSecondClock(clockFlags !== null);

  let shown = text;
  let label = text.trim() || 'Blank segment display';
  if (clockFlags) {
    shown =
      second === null
        ? blankClockText(clockFlags, dayVersion)
        : formatClockText(new Date(second), clockFlags, dayVersion);
    label = second === null ? 'Clock' : spokenClockLabel(new Date(second), clockFlags);
  }

  const layout = useMemo(() => layoutText(shown === '' ? ' ' : shown), [shown]);
  useEffect(() => reportUnsupported(layout.unsupported), [layout]);

  const height = Number.isFinite(size) && size > 0 ? size : SEGMENT_DEFAULTS.size;
  const width = round((layout.width / CELL_HEIGHT) * height);
  const outerWidth = round(width + 2 * PADDING_X * height);
  const outerHeight = round(height * (1 + 2 * PADDING_Y));
  const corner = Math.max(4, CORNER * height);

  // All drawing is SVG attributes, never inline styles, which the site's policy does not allow.
  return (
    <svg
      className={styles.display}
      role="img"
      aria-label={label}
      data-shown={shown.toUpperCase()}
      data-clock={clockFlags ? 'true' : undefined}
      width={outerWidth}
      height={outerHeight}
      viewBox={`0 0 ${outerWidth} ${outerHeight}`}
    >
      <rect width={outerWidth} height={outerHeight} rx={corner} fill={bgClr} />
      <rect
        x={0.5}
        y={0.5}
        width={outerWidth - 1}
        height={outerHeight - 1}
        rx={corner}
        fill="none"
        stroke="#fff"
        strokeOpacity={0.06}
      />
      <svg
        x={round(PADDING_X * height)}
        y={round(PADDING_Y * height)}
        width={width}
        height={height}
        viewBox={`0 0 ${layout.width} ${CELL_HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
        <path d={layout.unlitPath} fill={sgClr} fillOpacity={UNLIT_OPACITY} />
        <path d={layout.litPath} fill={sgClr} />
      </svg>
    </svg>
  );
}
