export interface SegmentDisplayProps {
  text: string;
  sgClr?: string;
  bgClr?: string;
  size?: number;
  dayVersion?: 'long' | 'short';
}

/** A 13-segment display. */
export function SegmentDisplay({
  text,
  sgClr = '#00e906',
  bgClr = '#000000',
  size = 20,
}: SegmentDisplayProps) {
  return (
    <span
      role="img"
      aria-label={text}
      style={{ color: sgClr, background: bgClr, fontSize: size, fontFamily: 'var(--font-mono)' }}
    >
      {text.toUpperCase()}
    </span>
  );
}
