// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillTemplate, headHtml, pageAssets, pageFile, type Manifest } from './prerender.ts';

describe('pre-rendering', () => {
  it('writes each page as a folder with an index.html', () => {
    expect(pageFile('dist', '/')).toBe('dist/index.html');
    expect(pageFile('dist', '/resume/')).toBe('dist/resume/index.html');
    expect(pageFile('dist', '/projects/prisoner/lab/')).toBe(
      'dist/projects/prisoner/lab/index.html',
    );
  });

  it('writes head tags as HTML, escaping what needs it', () => {
    expect(
      headHtml([
        { tag: 'title', attributes: {}, text: 'Q & A <1>' },
        { tag: 'meta', attributes: { name: 'description', content: 'Say "hi" & <go>' } },
        { tag: 'link', attributes: { rel: 'canonical', href: 'https://example.org/a/' } },
      ]),
    ).toBe(
      [
        '<title>Q &amp; A &lt;1&gt;</title>',
        '<meta name="description" content="Say &quot;hi&quot; &amp; &lt;go>" />',
        '<link rel="canonical" href="https://example.org/a/" />',
      ].join('\n    '),
    );
  });

  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/index.css'],
    },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    'src/pages/lab-page.tsx': {
      file: 'assets/lab-page.js',
      imports: ['index.html', '_shared.js', '_plots.js'],
      css: ['assets/lab-page.css'],
    },
    '_plots.js': { file: 'assets/plots.js', imports: ['_shared.js'], css: ['assets/plots.css'] },
  };

  it("preloads a page's chunks and links their styles, leaving out what the entry loads", () => {
    expect(pageAssets(manifest, 'src/pages/lab-page.tsx')).toEqual({
      scripts: ['/assets/lab-page.js', '/assets/plots.js'],
      styles: ['/assets/lab-page.css', '/assets/plots.css'],
    });
    expect(pageAssets(manifest, null)).toEqual({ scripts: [], styles: [] });
  });

  const template = [
    '<head>',
    '    <!--head-tags-->',
    '</head>',
    '<body><div id="root"><!--app-html--></div></body>',
  ].join('\n');

  it('fills the template with the head, the links and the app, marked with its path', () => {
    const html = fillTemplate(template, {
      head: [{ tag: 'title', attributes: {}, text: 'Lab' }],
      html: '<main><h1>Lab</h1></main>',
      scripts: ['/assets/lab-page.js'],
      styles: ['/assets/lab-page.css'],
      path: '/projects/prisoner/lab/',
    });
    expect(html).toBe(
      [
        '<head>',
        '    <title>Lab</title>',
        '    <link rel="stylesheet" crossorigin href="/assets/lab-page.css" />',
        '    <link rel="modulepreload" crossorigin href="/assets/lab-page.js" />',
        '</head>',
        '<body><div id="root" data-path="/projects/prisoner/lab/"><main><h1>Lab</h1></main></div></body>',
      ].join('\n'),
    );
  });

  it('leaves the error page unmarked, so that the app renders it afresh for any address', () => {
    const html = fillTemplate(template, {
      head: [],
      html: '<h1>Error</h1>',
      scripts: [],
      styles: [],
      path: null,
    });
    expect(html).toContain('<div id="root"><h1>Error</h1></div>');
  });

  it('refuses a template without its two marks', () => {
    expect(() =>
      fillTemplate('<html></html>', { head: [], html: '', scripts: [], styles: [], path: '/' }),
    ).toThrow('index.html needs <!--head-tags--> in its head');
  });
});
