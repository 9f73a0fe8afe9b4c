// The simulation in each engine a visitor uses (Chromium, Firefox, WebKit), on this machine's
// renderer: the page's own frames while the board plays at n = 100 (the gaps between animation
// frames), and how long after a Pause the board's picture keeps changing (it should be still
// within a second: a renderer that queues frames shows the game late). Recorded, never asserted.
import { startStaticServer } from '../serve/static-server.ts';
import type { Engine, EnginePage } from '../browsers/engines/engine-page.ts';
import { clickControl, waitUntil } from '../browsers/engines/engine-page.ts';
import type { Pixels } from '../browsers/png.ts';

export interface EngineFrames {
  engine: string;
  /** Where the board was drawn and by what: the board's data-drawn-in and data-renderer. */
  drawnBy: string;
  frames: number;
  medianGapMs: number;
  p95GapMs: number;
  maxGapMs: number;
  /**
   * Per Pause: the first screenshot (ms after the Pause) from which the board's picture no longer
   * changes up to 4 s.
   */
  stillByMs: number[];
}

const PLAY_MS = 8000;
/** Screenshots after a Pause: the board must be still by the first of them, 1 s after. */
const PAUSE_WATCH_MS = [500, 1000, 1500, 2500, 4000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const RECORD_FRAMES = `(() => {
  window.__frameTimes = [];
  requestAnimationFrame(function frame(time) {
    window.__frameTimes.push(time);
    if (window.__frameTimes.length < 100000) requestAnimationFrame(frame);
  });
  return true;
})()`;

/** The start and the end of each stretch of play, on the page's clock. */
const MARK_PLAY = `(window.__playMarks = window.__playMarks ?? []).push(performance.now())`;

/** Whether two screenshots differ anywhere inside the board (by more than antialiasing noise). */
function differs(a: Pixels, b: Pixels, box: { x: number; y: number; w: number; h: number }) {
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const [p, q] = [a.at(x, y), b.at(x, y)];
      if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 24) return true;
    }
  }
  return false;
}

async function measureIn(page: EnginePage, origin: string): Promise<Omit<EngineFrames, 'engine'>> {
  await page.setViewport(1280, 900);
  await page.goto(`${origin}/projects/prisoner/?seed=1`);
  await waitUntil(page, `document.querySelector('[data-drawn-in] canvas')`, 'the board', 60_000);
  await sleep(3000);
  const drawnBy = await page.evaluate<string>(
    `(() => { const b = document.querySelector('[data-renderer]'); return b ? b.dataset.drawnIn + ' ' + b.dataset.renderer : 'flat'; })()`,
  );
  const box = await page.evaluate<{ x: number; y: number; w: number; h: number }>(`(() => {
    const board = document.querySelector('[data-renderer], [class*="fallbackStage"]');
    board.scrollIntoView({ block: 'center' });
    const r = board.getBoundingClientRect();
    const x = Math.max(0, Math.ceil(r.left)), y = Math.max(0, Math.ceil(r.top));
    return { x, y, w: Math.floor(Math.min(r.right, innerWidth)) - x, h: Math.floor(Math.min(r.bottom, innerHeight)) - y };
  })()`);
  await page.evaluate(RECORD_FRAMES);
  await clickControl(page, 'Start simulation');
  const stillByMs: number[] = [];
  for (let round = 0; round < 2; round++) {
    await page.evaluate(MARK_PLAY);
    await sleep(PLAY_MS / 2);
    await page.evaluate(MARK_PLAY);
    await clickControl(page, 'Pause');
    const paused = Date.now();
    const shots: { at: number; pixels: Pixels }[] = [];
    for (const at of PAUSE_WATCH_MS) {
      await sleep(Math.max(0, at - (Date.now() - paused)));
      shots.push({ at: Date.now() - paused, pixels: await page.screenshot() });
    }
    const last = shots.at(-1)!.pixels;
    let still = shots.length - 1;
    while (still > 0 && !differs(shots[still - 1]!.pixels, last, box)) still--;
    stillByMs.push(shots[still]!.at);
    await clickControl(page, 'Resume');
  }
  const times = await page.evaluate<number[]>('window.__frameTimes');
  const marks = await page.evaluate<number[]>('window.__playMarks');
  const playing = (time: number) =>
    marks.some((mark, i) => i % 2 === 0 && time > mark && time <= (marks[i + 1] ?? Infinity));
  // Gaps that end while the board plays; the Pauses' screenshots hold some engines' pages.
  const gaps = times
    .slice(1)
    .map((time, i) => ({ time, gap: time - times[i]! }))
    .filter(({ time }) => playing(time))
    .map(({ gap }) => gap)
    .sort((a, b) => a - b);
  const at = (share: number) => Math.round(gaps[Math.floor(share * (gaps.length - 1))] ?? 0);
  return {
    drawnBy,
    frames: gaps.length,
    medianGapMs: at(0.5),
    p95GapMs: at(0.95),
    maxGapMs: at(1),
    stillByMs,
  };
}

/** Each engine in turn against one server of `dist`. */
export async function measureEngineFrames(
  dist: string,
  engines: readonly (() => Promise<Engine>)[],
): Promise<EngineFrames[]> {
  const server = await startStaticServer(dist);
  try {
    const rows: EngineFrames[] = [];
    for (const start of engines) {
      const engine = await start();
      try {
        const page = await engine.newPage();
        rows.push({ engine: engine.name, ...(await measureIn(page, server.url)) });
      } finally {
        await engine.close();
      }
    }
    return rows;
  } finally {
    await server.close();
  }
}
