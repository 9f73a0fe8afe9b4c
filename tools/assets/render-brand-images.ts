// Renders the favicon PNGs and the social card from SVG/HTML with headless Chromium.
// Run once after changing the artwork: `npm run brand-images`; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import { launchChromium } from '../browsers/chromium.ts';

const NIGHT = '#1b1320';
const ACCENT = 'rgb(196, 55, 224)';
const ON_NIGHT = '#f5f5f5';
const ON_NIGHT_MUTED = '#cfc6d6';

const faviconSvg = await readFile(new URL('../../public/favicon.svg', import.meta.url), 'utf8');
// Full-bleed variant: iOS and maskable launchers cut their own rounded shape.
const squareSvg = faviconSvg.replace(/ rx="\d+"/, '');

const icons = [
  { file: 'favicon-32.png', size: 32, svg: faviconSvg, inset: 0 },
  { file: 'apple-touch-icon.png', size: 180, svg: squareSvg, inset: 0 },
  { file: 'icon-192.png', size: 192, svg: faviconSvg, inset: 0 },
  { file: 'icon-512.png', size: 512, svg: faviconSvg, inset: 0 },
  // Maskable icons keep their artwork inside the central 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: squareSvg, inset: 0.12 },
];

/** A 10×10 grid of boxes with one cycle of a permutation drawn through it. */
function prisonerGrid() {
  const size = 38;
  const gap = 8;
  const cycle = [7, 23, 61, 88, 45, 12, 36, 79, 54, 7];
  const cycleSet = new Set(cycle);
  const centre = (index: number) => ({
    x: (index % 10) * (size + gap) + size / 2,
    y: Math.floor(index / 10) * (size + gap) + size / 2,
  });
  let boxes = '';
  for (let index = 0; index < 100; index++) {
    const { x, y } = centre(index);
    const lit = cycleSet.has(index);
    boxes += `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="6"
      fill="${lit ? ACCENT : 'rgba(42, 32, 49, 0.82)'}" stroke="${lit ? '#e3a6f2' : '#3b2f44'}" stroke-width="2"/>
      <text x="${x}" y="${y + 6}" text-anchor="middle" font-size="15" font-family="DejaVu Sans Mono"
      fill="${lit ? '#ffffff' : '#8c7f96'}">${index + 1}</text>`;
  }
  const path = cycle
    .map((index, step) => {
      const { x, y } = centre(index);
      return `${step === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
  const extent = 10 * size + 9 * gap;
  return `<svg width="${extent}" height="${extent}" viewBox="-4 -4 ${extent + 8} ${extent + 8}">
    <path d="${path}" fill="none" stroke="#e3a6f2" stroke-opacity="0.9" stroke-width="3"
      stroke-linejoin="round" stroke-linecap="round"/>
    ${boxes}
  </svg>`;
}

const cardHtml = `<!doctype html><html><head><style>
  html, body { margin: 0; }
  body { width: 1200px; height: 630px; background: ${NIGHT}; color: ${ON_NIGHT};
    font-family: 'DejaVu Sans', sans-serif; display: flex; align-items: center;
    justify-content: space-between; padding: 0 72px; box-sizing: border-box; overflow: hidden;
    background-image: radial-gradient(circle at 85% 20%, rgba(196, 55, 224, 0.28), transparent 55%); }
  .text { display: flex; flex-direction: column; gap: 18px; max-width: 560px; }
  .mark { width: 72px; height: 72px; }
  .kicker { color: #e3a6f2; font-size: 24px; letter-spacing: 0.18em; text-transform: uppercase; }
  h1 { font-size: 72px; line-height: 1.02; margin: 0; font-weight: 700; letter-spacing: -0.02em; }
  .role { font-size: 32px; color: ${ON_NIGHT_MUTED}; margin: 0; }
  .bar { width: 96px; height: 8px; border-radius: 4px; background: ${ACCENT}; }
  .topics { font-size: 24px; color: ${ON_NIGHT_MUTED}; margin: 0; line-height: 1.4; }
</style></head><body>
  <div class="text">
    <div class="mark">${faviconSvg.replace('<svg ', '<svg width="72" height="72" ')}</div>
    <div class="kicker">Portfolio</div>
    <h1>Sindre<br>Haugland</h1>
    <p class="role">Web developer · NTNU</p>
    <div class="bar"></div>
    <p class="topics">Projects, résumé and an interactive<br>100 prisoners simulation</p>
  </div>
  ${prisonerGrid()}
</body></html>`;

const browser = await launchChromium();
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const pad = Math.round(icon.size * icon.inset);
    const transparent = icon.svg === faviconSvg;
    await page.setContent(`<!doctype html><html><body style="margin:0;
      background:${transparent ? 'transparent' : NIGHT};
      width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center">
      ${icon.svg.replace('<svg ', `<svg width="${icon.size - 2 * pad}" height="${icon.size - 2 * pad}" `)}
      </body></html>`);
    await page.screenshot({
      path: new URL(`../../public/${icon.file}`, import.meta.url).pathname,
      omitBackground: transparent,
    });
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(cardHtml);
  await page.screenshot({
    path: new URL('../../public/social/card.png', import.meta.url).pathname,
  });
  await page.close();
} finally {
  await browser.close();
}
