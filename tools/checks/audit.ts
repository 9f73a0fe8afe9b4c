// Lighthouse against the production build served by `vite preview`, on phone and desktop settings.
// Prints a score table and fails when a score is below its threshold.
// Usage: npm run audit  (E2E_DIST picks the build folder; AUDIT_SKIP_BUILD=1 reuses an existing one;
// AUDIT_ROUTES=/,/resume audits only those routes)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { auditedPaths, folder, routes, sitePages } from '../../src/config/routes.ts';
import { buildSite } from '../build/build.ts';
import { chromiumPath } from '../browsers/chromium.ts';
import { startPreview } from '../serve/preview-server.ts';

const ROUTES = process.env.AUDIT_ROUTES?.split(',').map(folder) ?? auditedPaths();
const PERFORMANCE_RETRIES = 2;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const isHeavy = (path: string): boolean =>
  sitePages().some((page) => page.path === path && routes[page.route].heavy);

function thresholds(route: string): Record<Category, number> {
  return {
    // The simulation starts WebGL and workers, which software rendering makes slow to start.
    performance: isHeavy(route) ? 85 : 95,
    accessibility: 100,
    'best-practices': 95,
    seo: 95,
  };
}

// Screenshots and the back/forward-cache check carry no weight in any score but cost seconds.
const speedUps = {
  disableFullPageScreenshot: true,
  skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
};
const mobileConfig: Config = { extends: 'lighthouse:default', settings: speedUps };
// Desktop first: a fresh browser's first audit pays for starting up, as blocking time, and only
// the desktop budget has room for that (the phone's fourfold CPU slowdown would fail it).
const formFactors: Array<{ name: 'mobile' | 'desktop'; config: Config }> = [
  {
    name: 'desktop',
    config: { ...desktopConfig, settings: { ...desktopConfig.settings, ...speedUps } },
  },
  { name: 'mobile', config: mobileConfig },
];

const dist = process.env.E2E_DIST ?? 'dist';

interface Row {
  route: string;
  formFactor: string;
  scores: Record<Category, number>;
  /** Largest contentful paint of the run whose performance score counts, in ms. */
  lcpMs: number;
  failures: string[];
}

interface Audit {
  scores: Record<Category, number>;
  lcpMs: number;
}

async function audit(url: string, port: number, config: Config): Promise<Audit> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    config,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, runtimeError } = result.lhr;
  benchmarkIndex = result.lhr.environment.benchmarkIndex;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) {
    scores[category] = Math.round((categories[category]?.score ?? 0) * 100);
  }
  // Name what cost points, so a failure can be fixed without opening a report.
  for (const category of CATEGORIES) {
    const refs = categories[category]?.auditRefs ?? [];
    const lost = refs
      .filter((ref) => ref.weight > 0)
      .map((ref) => result.lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map(
        (audit) =>
          `${audit!.id} (${audit!.displayValue ?? Math.round(audit!.score! * 100)})${offenders(audit!.details)}`,
      );
    if (category === 'performance') lost.push(longTasks(result.lhr.audits['long-tasks']?.details));
    lastDetails.set(`${url} ${category}`, lost);
  }
  return { scores, lcpMs: result.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN };
}
const lastDetails = new Map<string, string[]>();
let benchmarkIndex = 0;

/** The main thread's long tasks, as "duration ms at start ms (script)": where blocking time came from. */
function longTasks(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const tasks = items.map(
    (task) =>
      `${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} ms ` +
      `(${String(task.url).split('/').pop()})`,
  );
  return `long tasks: ${tasks.length > 0 ? tasks.join('; ') : 'none'}`;
}

/** The elements an audit blames, briefly: enough to find them in the source. */
function offenders(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const names = items
    .map((item) => {
      const node = (item.node ?? item) as { selector?: string; snippet?: string };
      const text = typeof item.text === 'string' ? ` "${item.text}"` : '';
      return node.selector ? `${node.selector}${text}` : text.trim();
    })
    .filter(Boolean)
    .slice(0, 6);
  return names.length > 0 ? ` [${names.join('; ')}]` : '';
}

const started = Date.now();
if (process.env.AUDIT_SKIP_BUILD !== '1') {
  await buildSite(dist);
}
const server = await startPreview(dist);
const { origin } = server;
const profileDir = await mkdtemp(join(tmpdir(), 'lighthouse-profile-'));
// chrome-launcher's defaults are the ones Lighthouse is calibrated with (no background throttling
// of timers or renderers, no first-run work); software WebGL so the simulation renders as on a
// device without a GPU.
const chromium = await launch({
  chromePath: chromiumPath,
  userDataDir: profileDir,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-dev-shm-usage',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
});

const rows: Row[] = [];
try {
  for (const route of ROUTES) {
    for (const { name, config } of formFactors) {
      const url = origin + route;
      const runStarted = Date.now();
      let { scores, lcpMs } = await audit(url, chromium.port, config);
      const limits = thresholds(route);
      // Performance on a shared machine is noisy (other work on it shows as blocking time):
      // up to two more runs before calling it a failure, each one reported.
      for (let retry = 1; retry <= PERFORMANCE_RETRIES; retry++) {
        if (scores.performance >= limits.performance) break;
        console.log(
          `  ${route} (${name}) performance ${scores.performance}, run again: ` +
            (lastDetails.get(`${url} performance`) ?? []).join(', '),
        );
        const again = await audit(url, chromium.port, config);
        if (again.scores.performance > scores.performance) {
          ({ lcpMs } = again);
          scores = { ...scores, performance: again.scores.performance };
        }
      }
      const failures = CATEGORIES.filter((category) => scores[category] < limits[category]).map(
        (category) =>
          `${route} (${name}) ${category} ${scores[category]} < ${limits[category]}: ` +
          (lastDetails.get(`${url} ${category}`) ?? []).join(', '),
      );
      rows.push({ route, formFactor: name, scores, lcpMs, failures });
      console.log(
        `audited ${route} (${name}) in ${Math.round((Date.now() - runStarted) / 1000)} s: ` +
          CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', '),
      );
    }
  }
} finally {
  chromium.kill();
  await server.close();
  await rm(profileDir, { recursive: true, force: true, maxRetries: 5 });
}

const header = ['Page', 'Device', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP'];
const table = [
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...rows.map(
    (row) =>
      `| ${row.route} | ${row.formFactor} | ${CATEGORIES.map(
        (category) =>
          `${row.scores[category]}${row.failures.some((f) => f.includes(` ${category} `)) ? ' ✗' : ''}`,
      ).join(' | ')} | ${(row.lcpMs / 1000).toFixed(2)} s |`,
  ),
];
console.log(
  `\nLighthouse ${new Date().toISOString().slice(0, 10)}, ${Math.round((Date.now() - started) / 1000)} s,` +
    ` machine benchmark index ${Math.round(benchmarkIndex)}\n`,
);
console.log(table.join('\n'));
const failures = rows.flatMap((row) => row.failures);
if (failures.length > 0) {
  console.error(`\nLighthouse thresholds FAILED:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll Lighthouse thresholds met.');
