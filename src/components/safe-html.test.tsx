import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it('keeps simple text markup', () => {
    expect(sanitizeHtml('<p>Built with <strong>care</strong> and <code>code</code>.</p>')).toBe(
      '<p>Built with <strong>care</strong> and <code>code</code>.</p>',
    );
  });

  it('drops scripts, event handlers, images and links', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p onclick="alert(1)">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a></p>'
        }
      />,
    );
    expect(container.innerHTML).toBe('<div><p>Hilink</p></div>');
  });
});

describe('sanitizeHtml', () => {
  it('strips attributes and unwraps tags it does not allow, keeping their text', () => {
    expect(sanitizeHtml('<P class="x" style="color:red">A <span title="t">B</span></P>')).toBe(
      '<p>A B</p>',
    );
  });

  it('drops style, iframe and comments together with their content', () => {
    expect(sanitizeHtml('a<style>p{}</style>b<iframe src="x">c</iframe><!-- note -->d')).toBe(
      'abd',
    );
  });

  it('decodes entities into text and escapes text on the way out', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; &#x33; &gt; &#50;</p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>',
    );
  });

  it('closes what is left open and ignores stray closing tags', () => {
    expect(sanitizeHtml('</em><ul><li>one<li>two</ul><p>end<br>')).toBe(
      '<ul><li>one</li><li>two</li></ul><p>end<br></p>',
    );
  });

  it('renders markup as elements, never as injected HTML', () => {
    const { container } = render(<SafeHtml html={'<em>&lt;img src=x onerror=alert(1)&gt;</em>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('em')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
