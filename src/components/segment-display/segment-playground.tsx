import { SegmentDisplay } from './segment-display.tsx';

/** Interactive playground for the segment display, shown on its project page. */
export function SegmentPlayground() {
  return <SegmentDisplay text="HELLO" />;
}
