// `npm run stress`: the no-hang check of the lab on a busy machine.
//   (1) the command line, 200 runs with random settings, every core loaded by busy processes;
//   (2) the lab page in Chromium, 50 runs with Run, Cancel and Retry at random moments, its
//       workers counted and a worker fault injected one start in five.
// Options: --cli-runs N, --lab-runs N, --seed S (the settings and moments are drawn from it).
// Exits with 1 when anything hung, leaked, froze or came out wrong.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRng } from '../../src/features/prisoners/engine/rng.ts';
import { countWorkers, crashSometimes, injectIntoWorker } from './faults.ts';
import { stressLab } from './lab-page.ts';
import { launchChromium } from '../browsers/chromium.ts';
import { startPreview } from '../serve/preview-server.ts';
import { FALSE_ALARM_PER_RUN, stressCommandLine } from '../../cli/stress.ts';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    process.stderr.write(`stress: --${name} must be a whole number\n`);
    process.exit(2);
  }
  return value;
}

const cliRuns = option('cli-runs', 200);
const labRuns = option('lab-runs', 50);
const seed = option('seed', 19);
let failed = false;

if (cliRuns > 0) {
  console.log(`Command line: ${cliRuns} runs, every core loaded, seed ${seed}`);
  const started = Date.now();
  const figures = await stressCommandLine({
    runs: cliRuns,
    rng: createRng(seed),
    log: (line) => console.log(`  ${line}`),
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `Command line: ${figures.runs} runs in ${minutes} min, ${figures.ok} right, ${figures.hangs} hangs, ` +
      `${figures.wrongTotals} wrong totals, ${figures.offExact} off the exact value ` +
      `(bound: ${FALSE_ALARM_PER_RUN} false alarms a run), ${figures.failed} failed; ` +
      `slowest run ${figures.slowestSeconds.toFixed(1)} s`,
  );
  for (const problem of figures.problems) console.log(`  ${problem}`);
  failed ||= figures.problems.length > 0;
}

if (labRuns > 0) {
  if (!existsSync('dist/projects/prisoner/lab/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  console.log(`Lab page: ${labRuns} runs in Chromium, seed ${seed}`);
  const server = await startPreview('dist');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageProblems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') pageProblems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => pageProblems.push(`pageerror: ${error.message}`));
    await countWorkers(page);
    await injectIntoWorker(page, 'trials', crashSometimes(0.2));
    await page.goto(`${server.origin}/projects/prisoner/lab/?seed=${seed}`);
    await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
    const rng = createRng(seed);
    const started = Date.now();
    const figures = await stressLab(page, {
      rounds: labRuns,
      random: () => rng.nextUint32() / 2 ** 32,
    });
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(
      `Lab page: ${figures.runs} runs in ${minutes} min (${figures.done} done, ${figures.cancelled} cancelled, ` +
        `${figures.failed} failed by the injected fault; ${figures.retries} Retries, ` +
        `${figures.runsWhileEnding} runs started right after Cancel), ${figures.hangs} hangs, ` +
        `${figures.unaccounted} runs not accounted for, ` +
        `${figures.leakedWorkers} workers left running, ${figures.frozen} freezes; ` +
        `slowest frame after a run ${figures.slowestFrameMs} ms; ${pageProblems.length} console errors`,
    );
    for (const problem of [...figures.problems, ...pageProblems]) console.log(`  ${problem}`);
    failed ||= figures.problems.length > 0 || pageProblems.length > 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

process.exitCode = failed ? 1 : 0;
