/**
 * The naive baseline the lab is compared with: plain arrays, Math.random, and every prisoner
 * walks the boxes (no cycle shortcut), as a straightforward simulator would.
 */
export function naiveTrial(n: number, k: number): boolean {
  const boxes: number[] = [];
  for (let i = 0; i < n; i++) boxes.push(i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const held = boxes[i] as number;
    boxes[i] = boxes[j] as number;
    boxes[j] = held;
  }
  let everyoneFound = true;
  for (let prisoner = 0; prisoner < n; prisoner++) {
    let box = prisoner;
    let found = false;
    for (let opened = 0; opened < k; opened++) {
      const slip = boxes[box] as number;
      if (slip === prisoner) {
        found = true;
        break;
      }
      box = slip;
    }
    if (!found) everyoneFound = false;
  }
  return everyoneFound;
}
