/**
 * Where the labels of small boxes go so that none covers another, nor a box that is labelled:
 * each label is tried beside its own box (above first, where a label is read), then further out,
 * and in the worst case stacked below every other label. All in one frame of pixels.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  /** The box the label names, as shown. */
  anchor: Box;
  /** The label's size, as shown. */
  width: number;
  height: number;
}

/** Room kept between two labels, and between a label and a box. */
export const LABEL_GAP = 2;
/** How many steps outwards a label is tried before it is stacked with the rest. */
const RINGS = 4;

const overlaps = (a: Box, b: Box, gap: number) =>
  a.left < b.left + b.width + gap &&
  b.left < a.left + a.width + gap &&
  a.top < b.top + b.height + gap &&
  b.top < a.top + a.height + gap;

const inside = (box: Box, bounds: Box) =>
  box.left >= bounds.left &&
  box.top >= bounds.top &&
  box.left + box.width <= bounds.left + bounds.width &&
  box.top + box.height <= bounds.top + bounds.height;

/**
 * The places a label is tried at, nearest first: centred above its box, below it, to its right
 * and left, then the four corners; and the same again `ring` steps of a label's height further out.
 */
function candidates({ anchor, width, height }: LabelRequest, ring: number): Box[] {
  const out = ring * (height + LABEL_GAP);
  const centreX = anchor.left + anchor.width / 2 - width / 2;
  const middleY = anchor.top + anchor.height / 2 - height / 2;
  const above = anchor.top - LABEL_GAP - height - out;
  const below = anchor.top + anchor.height + LABEL_GAP + out;
  const right = anchor.left + anchor.width + LABEL_GAP + out;
  const left = anchor.left - LABEL_GAP - width - out;
  return [
    [centreX, above],
    [centreX, below],
    [right, middleY],
    [left, middleY],
    [right, above],
    [left, above],
    [right, below],
    [left, below],
  ].map(([x, y]) => ({ left: x!, top: y!, width, height }));
}

/**
 * Places the labels in order of importance (the first is placed first, nearest its box), inside
 * `bounds` where they fit: no two labels overlap (LABEL_GAP apart at least), and no label covers a
 * labelled box. A label with no room near its box is stacked below all the others, at the left of
 * `bounds`, which never overlaps (it may then pass the bounds). Returns each label's top left.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  bounds: Box,
): { left: number; top: number }[] {
  const placed: Box[] = [];
  const free = (box: Box) =>
    inside(box, bounds) &&
    placed.every((other) => !overlaps(box, other, LABEL_GAP)) &&
    requests.every(({ anchor }) => !overlaps(box, anchor, 0));
  for (const request of requests) {
    let spot: Box | undefined;
    for (let ring = 0; ring <= RINGS && !spot; ring++) spot = candidates(request, ring).find(free);
    if (!spot) {
      const lowest = Math.max(bounds.top, ...placed.map((box) => box.top + box.height + LABEL_GAP));
      spot = { left: bounds.left, top: lowest, width: request.width, height: request.height };
    }
    placed.push(spot);
  }
  return placed.map(({ left, top }) => ({ left, top }));
}
