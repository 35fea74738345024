import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeHtml } from './rich-text.tsx';

describe('rich text from the server', () => {
  it('keeps the formatting and drops scripts, handlers and javascript: links', () => {
    const html = '<p onclick="steal()">缴费<strong>须知</strong><script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a><iframe src="https://evil.example"></iframe>';
    const { container } = render(<RichText html={html} />);
    expect(container.querySelector('strong')?.textContent).toBe('须知');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onclick|onerror|javascript:/);
    expect(container.textContent).toContain('点我');
  });

  it('drops inline styles that could cover the page', () => {
    expect(sanitizeHtml('<div style="position:fixed;inset:0">x</div>')).toBe('<div>x</div>');
  });
});
