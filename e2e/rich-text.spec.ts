/**
 * Rich text has two sanitizers behind one policy (decision 040): the browser's own HTML Sanitizer
 * (Element.setHTML) where there is one, DOMPurify elsewhere. Chromium has both, so the brochure is
 * shown with each (the second with setHTML taken away) and must come out the same, as written
 * where it is ordinary editor HTML; and DOMPurify is only downloaded where it is needed.
 */
import type { SnapshotFile } from '../mock-server/control/snapshot-file.ts';
import { expect, test } from './support/mock.ts';

/** What a back office's editor writes: text, headings, lists, tables, links, images. */
const editorHtml = [
  '<h2>2026年寒假班招生简章</h2><p>报名时间：<strong>12月1日</strong>至<em>12月20日</em>。</p>',
  '<h3 title="对象">一、招生对象</h3><ol start="1"><li>4至6岁</li><li>7至9岁<br>（以身份证为准）</li></ol><ul><li><b>先到先得</b>：<u>额满为止</u></li></ul>',
  '<table border="1" cellpadding="4"><thead><tr><th scope="col">班级</th><th>费用</th></tr></thead><tbody><tr><td colspan="2" align="center">见详情</td></tr></tbody></table>',
  '<p><a href="https://example.org/rules">章程</a>、<a href="/searchHome">找课程</a>、<a href="mailto:zs@example.org">邮件</a>、<a href="tel:010-66162026">电话</a></p>',
  '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="图" width="30" height="20"></p>',
  '<blockquote><p>温馨提示</p></blockquote><details><summary>退费规则</summary><p>开课前全额退费。</p></details><pre><code>09:00-10:30</code></pre><hr><p><sub>1</sub><sup>2</sup><del>旧</del><ins>新</ins><mark>重点</mark><small>注</small><font color="red" face="宋体">红字</font></p>',
].join('');

/** What either must drop: handlers, styles, ids, data, scripts, frames, meta, odd addresses. */
const hostileHtml =
  '<p onclick="x()" style="color:red" id="cookie" data-k="1" aria-hidden="true" class="lead">段落</p><script>x()</script><iframe src="https://example.org"></iframe><meta http-equiv="refresh" content="0;url=/"><a href="javascript:x()">甲</a><a href="vbscript:x">乙</a><a href="data:text/html,x">丙</a><img src="data:image/svg+xml,<svg onload=x()>">';
const hostileShown = '<p class="lead">段落</p><a>甲</a><a>乙</a><a>丙</a><img>';

const sanitizers = [
  { name: "the browser's sanitizer", withoutSetHtml: false },
  { name: 'DOMPurify', withoutSetHtml: true },
] as const;

for (const sanitizer of sanitizers) {
  test(`rich text through ${sanitizer.name}: ordinary editor HTML as written, the rest dropped`, async ({ page, scenario }) => {
    if (sanitizer.withoutSetHtml) await page.addInitScript(() => void Reflect.deleteProperty(Element.prototype, 'setHTML'));
    const purify: string[] = [];
    page.on('request', (request) => {
      if (/purify/i.test(request.url())) purify.push(request.url());
    });
    await scenario('family');
    const file = (await page.evaluate(() => window.__mock!.snapshot('rich-text'))) as SnapshotFile;
    const brochure = file.tables.contents.find((row) => row.module === 1)!;
    brochure.content = editorHtml + hostileHtml;
    await page.evaluate((f) => window.__mock!.loadSnapshot(f), file);

    await page.goto('/apply');
    const article = page.getByRole('article', { name: brochure.title });
    await expect(article.getByRole('heading', { name: '一、招生对象' })).toBeVisible();
    expect(await article.locator(':scope > div').innerHTML()).toBe(editorHtml + hostileShown);
    await page.waitForLoadState('networkidle');
    expect(purify.length > 0, `DOMPurify downloaded with ${sanitizer.name}`).toBe(sanitizer.withoutSetHtml);
  });
}
