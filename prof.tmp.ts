import { launchChromium } from './tools/browsers/chromium.ts';
import { startPreview } from './tools/serve/preview-server.ts';
const server = await startPreview('dist');
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(server.origin + (process.argv[2] ?? '/projects/prisoner/'));
await page.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas; const samples = profile.samples;
// total time per node = count * avg interval
const counts = new Map<number, number>();
samples.forEach((s: number, i: number) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)));
// inclusive by function name+url
const parent = new Map<number, number>();
for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>();
for (const [id, t] of counts) {
  const seen = new Set<string>();
  let cur: number | undefined = id;
  const leaf = byId.get(id) as any; const k0 = `${leaf.callFrame.functionName || '(anon)'} ${leaf.callFrame.url.split('/').pop()}:${leaf.callFrame.lineNumber}`;
  self.set(k0, (self.get(k0) ?? 0) + t);
  while (cur !== undefined) {
    const n = byId.get(cur) as any; const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + t); seen.add(k); }
    cur = parent.get(cur);
  }
}
const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(0)} ms ${k}`).join('\n');
console.log('SELF\n' + top(self)); console.log('INCL\n' + top(incl));
await browser.close(); await server.close();
