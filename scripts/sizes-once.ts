import { buildSite } from './build.ts';
import { launchChromium } from './chromium.ts';
import { startPreview } from './preview-server.ts';
import { measureSizes } from './bench/browser-jank.ts';
const out = '/tmp/dist-sizes';
if (!process.argv.includes('--no-build')) await buildSite(out);
const server = await startPreview(out);
const browser = await launchChromium();
try {
  console.log(JSON.stringify(await measureSizes(browser, server.origin), null, 1));
} finally {
  await browser.close();
  await server.close();
}
