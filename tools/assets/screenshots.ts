// Full-page screenshots of every page of the build at phone and desktop width, for looking at.
// Usage: npm run screenshots [-- /path ...] [-- --engine firefox|webkit]  (E2E_DIST picks the
// build; SHOTS_DIR the output, default /tmp/shots). In Firefox and WebKit each page is shot as a
// visitor sees it, a screen at a time from the top (three at most), at 375 px (WebKit: 447, its
// narrowest window) and 1280. SHOTS_THEME=dark takes them with a system that asks for the dark
// theme (Chromium).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sitePages } from '../../src/config/routes.ts';
import { launchChromium } from '../browsers/chromium.ts';
import { startPreview } from '../serve/preview-server.ts';

const WIDTHS = [375, 1280];
const dist = process.env.E2E_DIST ?? 'dist';
const out = process.env.SHOTS_DIR ?? '/tmp/shots';
const theme = process.env.SHOTS_THEME === 'dark' ? 'dark' : 'light';
const asked = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const targets = asked.length > 0 ? asked : sitePages().map((page) => page.path);
const engineAt = process.argv.indexOf('--engine');
const engine = engineAt < 0 ? 'chromium' : process.argv[engineAt + 1];
const fileName = (path: string, width: number, part = '') =>
  `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}${part}.png`;

await mkdir(out, { recursive: true });
if (engine === 'firefox' || engine === 'webkit') {
  await shootIn(engine);
  process.exit(0);
} else if (engine !== 'chromium') {
  console.error(`screenshots: --engine takes firefox or webkit, not ${engine ?? 'nothing'}`);
  process.exit(2);
}

/** Screens of every target in Firefox or WebKit, grabbed as a visitor sees them. */
async function shootIn(name: 'firefox' | 'webkit'): Promise<void> {
  const { firefoxEngine } = await import('../browsers/engines/firefox-engine.ts');
  const { webkitEngine } = await import('../browsers/engines/webkit-engine.ts');
  const { encodePng } = await import('../browsers/png.ts');
  const preview = await startPreview(dist);
  const browserEngine = await (name === 'firefox' ? firefoxEngine() : webkitEngine());
  try {
    const page = await browserEngine.newPage();
    for (const width of [name === 'webkit' ? 447 : 375, 1280]) {
      await page.setViewport(width, 900);
      for (const path of targets) {
        await page.goto(preview.origin + path);
        await new Promise((resolve) => setTimeout(resolve, 2500));
        const screens = await page.evaluate<number>(
          'Math.min(3, Math.ceil(document.documentElement.scrollHeight / innerHeight))',
        );
        for (let screen = 0; screen < screens; screen++) {
          await page.evaluate(`window.scrollTo(0, ${screen} * innerHeight)`);
          await new Promise((resolve) => setTimeout(resolve, 800));
          const file = join(out, `${name}-${fileName(path, width, `-${screen + 1}`)}`);
          await writeFile(file, encodePng(await page.screenshot()));
          console.log(file);
        }
      }
    }
  } finally {
    await browserEngine.close();
    await preview.close();
  }
}

const server = await startPreview(dist);
const browser = await launchChromium();
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: theme });
    for (const path of targets) {
      await page.goto(server.origin + path);
      await page.locator('main h1').first().waitFor();
      // Scroll through once, so that lazy images and parts that load near the viewport appear.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(1500);
      const name = fileName(path, width, theme === 'dark' ? '-dark' : '');
      await page.screenshot({ path: join(out, name), fullPage: true });
      console.log(join(out, name));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
