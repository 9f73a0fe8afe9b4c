// Checks on the production build: no test hook ships in it, and no page needs what the
// Content-Security-Policy forbids (an inline script or a style attribute, which the browser
// would refuse: a script silently not run, a style silently not applied).
// Usage: E2E_DIST=<build dir> tsx scripts/check-build.ts
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Names that only ever existed for tests: window switches, fault options, debug handles. The
 * build must contain none of them; tests inject faults from outside (tools/stress/faults.ts).
 */
const testHookNames = [
  '__labFaults',
  '__prisonerWorker',
  '__gridRenderer',
  '__jank',
  'killWorkerAfterMs',
  'throwAtTrial',
  'e2e-faults',
  'Injected fault',
] as const;

/**
 * A `loseContext` method of our own (`loseContext(){` or `loseContext:`). three.js and the WebGL
 * probe only call the browser's `WEBGL_lose_context.loseContext()`, which is fine.
 */
const LOSE_CONTEXT_METHOD = /\bloseContext\s*(\(\s*\)\s*\{|:)/;

/** The test hooks found in one file's text. */
export function testHooksIn(text: string): string[] {
  const found: string[] = testHookNames.filter((name) => text.includes(name));
  if (LOSE_CONTEXT_METHOD.test(text)) found.push('a loseContext method');
  return found;
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Inline scripts and style attributes in an HTML page: both blocked by the site's policy. */
export function policyBreachesIn(html: string): string[] {
  const breaches: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (!/\ssrc=/i.test(tag)) breaches.push(`inline script ${tag}`);
  }
  for (const [attribute] of html.matchAll(
    /<[a-z][^>]*?\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
  )) {
    breaches.push(`style attribute in ${attribute.slice(0, 80)}`);
  }
  return breaches;
}

/** Every problem in the build folder, as "file: what" lines. */
export async function checkBuild(dist: string): Promise<string[]> {
  const problems: string[] = [];
  for (const file of await filesUnder(dist)) {
    if (!/\.(js|html)$/.test(file)) continue;
    const text = await readFile(file, 'utf8');
    for (const hook of testHooksIn(text))
      problems.push(`${relative(dist, file)}: test hook ${hook}`);
    if (!file.endsWith('.html')) continue;
    for (const breach of policyBreachesIn(text))
      problems.push(`${relative(dist, file)}: ${breach}`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const dist = process.env.E2E_DIST ?? 'dist';
  const problems = await checkBuild(dist);
  if (problems.length > 0) {
    console.error(
      `The build in ${dist} failed its checks:\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`The build in ${dist} carries no test hooks, inline scripts or style attributes.`);
}
