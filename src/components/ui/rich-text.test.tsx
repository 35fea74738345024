import { render } from '@testing-library/react';
import createDOMPurify from 'dompurify';
import { beforeAll, describe, expect, it } from 'vitest';
import { RichText, richTextReady } from './rich-text.tsx';
import { isAllowedUrl, richTextAttributes, richTextElements } from './rich-text-policy.ts';

// jsdom has no HTML Sanitizer API, so these run DOMPurify's side of the policy; the browser's
// side runs in Chromium (e2e/rich-text.spec.ts, e2e/xss.spec.ts).
beforeAll(() => richTextReady);

const shown = (html: string) => render(<RichText html={html} />).container.firstElementChild!;

describe('rich text from the server', () => {
  it('keeps the formatting and drops scripts, handlers and javascript: links', () => {
    const box = shown(
      '<p onclick="steal()">缴费<strong>须知</strong><script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a><iframe src="https://evil.example"></iframe>',
    );
    expect(box.querySelector('strong')?.textContent).toBe('须知');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('iframe')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onclick|onerror|javascript:/);
    expect(box.textContent).toContain('点我');
  });

  it('drops inline styles that could cover the page', () => {
    expect(shown('<div style="position:fixed;inset:0">x</div>').innerHTML).toBe('<div>x</div>');
  });

  it('keeps headings, lists, tables, links and images as written', () => {
    const html =
      '<h3 title="t">报名须知</h3><ol start="2"><li>一</li></ol><table border="1"><tbody><tr><td colspan="2">格</td></tr></tbody></table><p><a href="https://example.org/a">外链</a> <a href="/details?id=1">本站</a> <a href="mailto:zs@example.org">邮件</a> <a href="tel:010-12345678">电话</a></p><img src="https://oss.example.org/a.png" alt="图" width="200"><img src="data:image/png;base64,iVBORw0KGgo=" alt="内嵌"><details open=""><summary>更多</summary>内容</details>';
    expect(shown(html).innerHTML).toBe(html);
  });

  it("drops what could shadow the page's globals, hidden data, comments and meta refreshes", () => {
    const box = shown(
      '<p id="cookie" name="x" data-k="1" aria-hidden="true" class="lead">段落</p><!-- 备注 --><img name="getElementById" src="/a.png"><meta http-equiv="refresh" content="0;url=https://evil.example">',
    );
    expect(box.innerHTML).toBe('<p class="lead">段落</p><img src="/a.png">');
  });

  it('drops addresses that run something or open an app, keeping their text', () => {
    const box = shown(
      '<a href="vbscript:msgbox(1)">甲</a><a href="data:text/html,<script>alert(1)</script>">乙</a><a href=" jav&#x09;ascript:alert(1)">丙</a><a href="intent://x">丁</a><img src="data:image/svg+xml,<svg onload=alert(1)>">',
    );
    expect(box.innerHTML).toBe('<a>甲</a><a>乙</a><a>丙</a><a>丁</a><img>');
  });

  it('writes the text again only when it changes, so what the reader opened stays open', () => {
    const view = render(<RichText html="<details><summary>更多</summary>内容</details>" />);
    const details = view.container.querySelector('details')!;
    details.open = true;
    view.rerender(<RichText html="<details><summary>更多</summary>内容</details>" />);
    expect(view.container.querySelector('details')).toBe(details);
    expect(details.open).toBe(true);
    view.rerender(<RichText html="<p>新的</p>" />);
    expect(view.container.textContent).toBe('新的');
  });
});

describe('the rich-text policy', () => {
  /** DOMPurify's html profile, as it applies it (read through its hooks). */
  function htmlProfile() {
    const purify = createDOMPurify(window);
    let tags: string[] = [];
    let attributes: string[] = [];
    purify.addHook('uponSanitizeElement', (_node, data) => void (tags = Object.keys(data.allowedTags)));
    purify.addHook('uponSanitizeAttribute', (_node, data) => void (attributes = Object.keys(data.allowedAttributes)));
    purify.sanitize('<p title="x">x</p>', { USE_PROFILES: { html: true } });
    return { tags, attributes };
  }

  it("allows nothing DOMPurify's html profile does not", () => {
    const profile = htmlProfile();
    expect(profile.tags.length).toBeGreaterThan(100);
    expect(richTextElements.filter((tag) => !profile.tags.includes(tag))).toEqual([]);
    expect(richTextAttributes.filter((name) => !profile.attributes.includes(name))).toEqual([]);
  });

  it('allows no element or attribute that runs, styles, submits or frames', () => {
    const never = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'meta', 'link', 'base', 'svg', 'math', 'template', 'audio', 'video'];
    expect(richTextElements.filter((tag) => (never as string[]).includes(tag))).toEqual([]);
    expect(richTextAttributes.filter((name) => /^on|^(style|id|name|srcdoc|action|formaction|popovertarget|commandfor)$/.test(name))).toEqual([]);
  });

  it.each([
    ['/details?id=1', 'href', 'a', true],
    ['https://example.org/', 'href', 'a', true],
    ['mailto:a@example.org', 'href', 'a', true],
    ['JavaScript:alert(1)', 'href', 'a', false],
    ['java\tscript:alert(1)', 'href', 'a', false],
    ['data:image/png;base64,AAAA', 'src', 'img', true],
    ['data:image/png;base64,AAAA', 'href', 'a', false],
    ['data:image/svg+xml,<svg/>', 'src', 'img', false],
    ['tel:110', 'src', 'img', false],
    // The backend's links follow one rule (decision 046): http(s) or a path of the portal.
    ['//evil.example/x', 'href', 'a', false],
    ['/\\evil.example/x', 'href', 'a', false],
    ['https://www.example.org@evil.example/', 'href', 'a', false],
    ['x', 'src', 'img', false],
    ['https://oss.example.org/a.png', 'src', 'img', true],
  ] as const)('%s as %s of <%s>: %s', (url, attribute, element, allowed) => {
    expect(isAllowedUrl(url, attribute, element)).toBe(allowed);
  });
});
