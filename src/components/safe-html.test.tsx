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
