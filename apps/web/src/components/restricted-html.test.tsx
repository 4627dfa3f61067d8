import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RestrictedHtml } from './restricted-html';

function renderHtml(html: string): string {
  const { container } = render(<RestrictedHtml html={html} />);
  return container.innerHTML;
}

describe('restricted HTML', () => {
  it('keeps paragraphs, line breaks, bold and italics', () => {
    expect(renderHtml('<p>24 rue de la Boétie<br>75008 <strong>Paris</strong> <em>(8e)</em></p>')).toBe(
      '<p>24 rue de la Boétie<br>75008 <strong>Paris</strong> <em>(8e)</em></p>',
    );
  });

  it('drops every attribute and scripts, and unwraps other elements to their text', () => {
    const html = renderHtml(
      '<p class="x" onclick="alert(1)">Rue <a href="javascript:alert(1)">du Lac</a><img src=x onerror="alert(1)"><script>alert(1)</script></p>',
    );
    expect(html).toBe('<p>Rue du Lac</p>');
  });
});
