// Full-page screenshots of every page of the build at phone and desktop width, for looking at.
// Usage: npm run screenshots [-- /path ...]  (E2E_DIST picks the build; SHOTS_DIR the output,
// default /tmp/shots; SHOTS_THEME=dark takes them with a system that asks for the dark theme)
import { mkdir } from 'node:fs/promises';
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

await mkdir(out, { recursive: true });
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
      const suffix = theme === 'dark' ? '-dark' : '';
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}${suffix}.png`;
      await page.screenshot({ path: join(out, name), fullPage: true });
      console.log(join(out, name));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
