// The bench's browser rows that need a build of their own: Keep playing and new deals, with and
// without CPU throttling (series-long-tasks.ts, deal-long-tasks.ts), and the board in every
// engine (engine-frames.ts).
import { buildSite } from '../build/build.ts';
import { buildSiteOf } from './before-site.ts';
import { measureEngineFrames } from './engine-frames.ts';
import { dealsLine } from './deal-long-tasks.ts';
import { DEAL_SIZE, measureSeriesRows, seriesLine, type SeriesBuild } from './series-long-tasks.ts';

/** Keep playing at each size, today's build and (with --before) the earlier one's, in turns. */
export async function reportSeries(spanMs: number, beforeRevision?: string): Promise<void> {
  const builds: SeriesBuild[] = [{ label: 'today', dist: '/tmp/dist-bench-series' }];
  await buildSite(builds[0]!.dist);
  if (beforeRevision) builds.push({ label: beforeRevision, dist: buildSiteOf(beforeRevision) });
  process.stdout.write(
    `\nSimulation, Keep playing at the slider's top, unthrottled (1×) and under CPU throttling (Chromium):\n`,
  );
  const { series, deals } = await measureSeriesRows(builds, spanMs);
  for (const { label, row } of series) process.stdout.write(`${seriesLine(label, row, spanMs)}\n`);
  process.stdout.write(`\nA new deal (Reset after 2 s of play) with a key pressed (Chromium):\n`);
  for (const { label, throttling, row } of deals) {
    process.stdout.write(`${dealsLine(label, DEAL_SIZE, throttling, row)}\n`);
  }
}

/** The simulation in Chromium, Firefox and WebKit: the page's frames and the board after Pause. */
export async function reportEngines(): Promise<void> {
  const dist = '/tmp/dist-bench-engines';
  await buildSite(dist);
  const { chromiumEngine } = await import('../browsers/engines/chromium-engine.ts');
  const { firefoxEngine } = await import('../browsers/engines/firefox-engine.ts');
  const { webkitEngine } = await import('../browsers/engines/webkit-engine.ts');
  process.stdout.write(`\nThe board at n = 100 in each engine, 8 s of play and two Pauses:\n`);
  for (const row of await measureEngineFrames(dist, [
    chromiumEngine,
    firefoxEngine,
    webkitEngine,
  ])) {
    process.stdout.write(
      `  ${row.engine.padEnd(9)} ${row.drawnBy.padEnd(18)} ${row.frames} frames, gaps median ` +
        `${row.medianGapMs} ms, 95th percentile ${row.p95GapMs} ms, largest ${row.maxGapMs} ms; ` +
        `board still by ${row.stillByMs.map((ms) => `${ms} ms`).join(' and ')} after Pause\n`,
    );
  }
}
