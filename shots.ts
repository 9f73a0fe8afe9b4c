import { launchChromium } from './scripts/chromium.ts';
import { startPreview } from './scripts/preview-server.ts';
const server = await startPreview('dist');
const browser = await launchChromium();
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.text());
  });
  const shot = async (name: string) => {
    await page.waitForTimeout(2500);
    await page
      .locator('[aria-label^="The room"]')
      .screenshot({ path: `/tmp/sim-${name}-${width}.png` });
  };
  await page.goto(server.origin + '/projects/prisoner/?seed=7');
  await page.locator('[aria-label^="The room"]').scrollIntoViewIfNeeded();
  await shot('grid');
  await page.getByRole('button', { name: 'Arrange in rings' }).click();
  await shot('rings');
  await page.goto(server.origin + '/projects/prisoner/?seed=7&variant=helper');
  await page.locator('[aria-label^="The room"]').scrollIntoViewIfNeeded();
  await shot('helper');
  await page.goto(server.origin + '/projects/prisoner/?seed=7&variant=warden');
  await page.locator('[aria-label^="The room"]').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Arrange in rings' }).click();
  await page.getByRole('button', { name: 'Secret relabelling' }).click();
  await shot('warden');
  await page.screenshot({ path: `/tmp/sim-page-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
await server.close();
