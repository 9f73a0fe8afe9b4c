import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html.tsx';

/** What <SafeHtml> puts on the page for `html`, as markup. */
function rendered(html: string): string {
  const { container } = render(<SafeHtml html={html} className="field" />);
  expect(container.children).toHaveLength(1);
  expect(container.firstElementChild?.outerHTML.startsWith('<div class="field">')).toBe(true);
  return container.firstElementChild!.innerHTML;
}

describe('SafeHtml', () => {
  it('keeps simple text markup', () => {
    expect(rendered('<p>Built with <strong>care</strong> and <code>code</code>.</p>')).toBe(
      '<p>Built with <strong>care</strong> and <code>code</code>.</p>',
    );
    expect(rendered('<ol><li><em>x</em><sup>2</sup></li></ol>')).toBe(
      '<ol><li><em>x</em><sup>2</sup></li></ol>',
    );
  });

  it('drops scripts, event handlers, images and links', () => {
    expect(
      rendered(
        '<p onclick="alert(1)">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a></p>',
      ),
    ).toBe('<p>Hilink</p>');
  });

  it('strips attributes and unwraps tags it does not allow, keeping their text', () => {
    expect(rendered('<P class="x" style="color:red">A <span title="t">B</span></P>')).toBe(
      '<p>A B</p>',
    );
  });

  it('drops style, iframe and comments together with their content', () => {
    expect(rendered('a<style>p{}</style>b<iframe src="x">c</iframe><!-- note -->d')).toBe('abd');
  });

  it('decodes entities into text, which the page then escapes', () => {
    expect(rendered('<p>1 &lt; 2 &amp;&amp; &#x33; &gt; &#50;</p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>',
    );
  });

  it('closes what is left open and ignores stray closing tags', () => {
    expect(rendered('</em><ul><li>one<li>two</ul><p>end<br>')).toBe(
      '<ul><li>one</li><li>two</li></ul><p>end<br></p>',
    );
  });

  it('renders markup as text, never as injected HTML', () => {
    expect(rendered('<em>&lt;img src=x onerror=alert(1)&gt;</em>')).toBe(
      '<em>&lt;img src=x onerror=alert(1)&gt;</em>',
    );
  });
});
