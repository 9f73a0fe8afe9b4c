// @vitest-environment node
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBuild, policyBreachesIn, testHooksIn } from './check-build.ts';

describe('test hooks in the build', () => {
  it('finds window switches, fault options and a loseContext method', () => {
    expect(testHooksIn('if(window.__labFaults){}')).toEqual(['__labFaults']);
    expect(testHooksIn('start({killWorkerAfterMs:300,throwAtTrial:1})')).toEqual([
      'killWorkerAfterMs',
      'throwAtTrial',
    ]);
    expect(testHooksIn('const api={loseContext(){x.loseContext()}}')).toEqual([
      'a loseContext method',
    ]);
    expect(testHooksIn('api={loseContext:()=>0}')).toEqual(['a loseContext method']);
  });

  it("lets three.js and the probe call the browser's loseContext", () => {
    const three =
      'this.forceContextLoss=function(){const e=f.get("WEBGL_lose_context");e&&e.loseContext()}';
    const probe = 'r.getExtension(`WEBGL_lose_context`)?.loseContext(),ce(r)';
    expect(testHooksIn(three)).toEqual([]);
    expect(testHooksIn(probe)).toEqual([]);
  });

  it('finds inline scripts and style attributes, and lets script files and stylesheets be', () => {
    const page = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="stylesheet" href="/assets/index.css" />',
      '<script>$RC("B:1","S:1")</script>',
      '<div class="card" style="display:block">',
      "<span data-style='x' style='color:red'>",
      '<p>a style="not an attribute" in text</p>',
    ].join('\n');
    expect(policyBreachesIn(page)).toEqual([
      'inline script <script>',
      'style attribute in <div class="card" style="display:block"',
      "style attribute in <span data-style='x' style='color:red'",
    ]);
  });

  it('names the file of every hook in a build folder', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'check-build-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'page.js'), 'window.__prisonerWorker=w');
    await writeFile(join(dist, 'assets', 'clean.js'), 'console.log(1)');
    await writeFile(join(dist, 'index.html'), '<p style="x">__gridRenderer</p>');
    expect((await checkBuild(dist)).sort()).toEqual([
      'assets/page.js: test hook __prisonerWorker',
      'index.html: style attribute in <p style="x"',
      'index.html: test hook __gridRenderer',
    ]);
  });
});
