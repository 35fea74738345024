/**
 * A backend answer whose links are no links (issue 30, decision 046): the mock's hostile-links
 * setting puts `javascript:`, `data:` and other-host URLs in every link field of every answer, as
 * a hostile backend would. Each kind of place leaves the link out and the page works: the footer's
 * site links, a banner, a picture, an invoice's file. Nothing in the document points anywhere it
 * should not.
 */
import { screen, within } from '@testing-library/react';
import { invoiceStatus } from '#contract/index';
import { hostileUrl } from '#contract/hostile-urls';
import type { Row } from '#fixtures/records';
import { at } from '#fixtures/time';
import { addInvoice, enrol } from '#fixtures/world';
import type { MockState } from '#mock/core/state';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { familyWorld } from '../test/family-world.ts';
import { renderRoute, type World } from '../test/render-route.tsx';

export const HOSTILE_LINKS = ['javascript:alert(1)', 'java\tscript:alert(2)', ' data:text/html,<script>alert(3)</script>', '//evil.example/x', 'vbscript:msgbox(4)', hostileUrl(5)];
const plantHostileLinks = (mock: MockState) => void (mock.settings.hostileLinks = HOSTILE_LINKS);

let invoiced!: Row<'orders'>;
let art!: Row<'classes'>;
const made = familyWorld((b) => {
  b.add(
    'banners',
    { id: 1, title: '春季招生简章发布', image_url: 'banner/1.svg', link_url: '/apply', sort: 1 },
    { id: 2, title: '寒假班火热报名中', image_url: 'banner/2.svg', link_url: 'https://www.example.org/winter', sort: 2 },
  );
  art = b.klass({ id: 3, name: '少儿国画启蒙班' });
  invoiced = enrol(b, { parent: b.parent, child: b.xiaoming, klass: b.klass({ id: 4, name: '少儿英语进阶班' }), signedUpAt: at('2026-08-15', '10:05'), outcome: 'paid' }).order!;
  addInvoice(b, { order: invoiced, appliedAt: at('2026-09-01', '20:00'), status: invoiceStatus.values.issued, title: '张伟', email: 'zhangwei@example.com' });
})();
const world = (): World => made;

/** Every href and src in the document that is not http(s) or a path of this site. */
function strayAddresses(): string[] {
  return Array.from(document.querySelectorAll('[href], [src]')).flatMap((el) =>
    ['href', 'src'].flatMap((name) => {
      const value = el.getAttribute(name);
      return value === null || /^(https?:\/\/|\/(?!\/)|mailto:|tel:|data:image\/png;base64,)/.test(value) ? [] : [`<${el.localName} ${name}="${value}">`];
    }),
  );
}

let warnings: string[];
beforeEach(() => {
  warnings = [];
  // The app says which links it left out: a backend defect, worth a warning, not a failed page.
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
});

describe('links of a hostile backend are left out, and the page works', () => {
  it('the footer and the side tool: site links become plain text, the app’s own links stay', async () => {
    await renderRoute('/', { world, prepare: plantHostileLinks });
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText(/地址：/);
    const nav = within(footer).getByRole('navigation', { name: '页脚链接' });
    for (const name of ['官方网站', '票务服务', '关于我们']) {
      expect(within(nav).getByText(name)).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    }
    expect(within(nav).getByRole('link', { name: '课程报名' })).toHaveAttribute('href', '/searchHome');
    expect(screen.queryByRole('link', { name: '官方微博' })).toBeNull();
    expect(strayAddresses()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/site_information: links left out .*data\.official_site_url/);
  });

  it('a banner: its title stays, with no link and no picture', async () => {
    await renderRoute('/', { world, prepare: plantHostileLinks });
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    const first = within(carousel).getByRole('group', { name: '1 / 2：春季招生简章发布' });
    expect(within(first).queryByRole('link')).toBeNull();
    expect(within(first).queryByRole('img')).toBeNull();
    expect(within(first).getByText('春季招生简章发布')).toBeInTheDocument();
    expect(strayAddresses()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/exhibition_banner: links left out .*data\.list\[0\]\.link_url/);
  });

  it('a picture: the class’s cover is left empty, the class is shown', async () => {
    await renderRoute(`/details?id=${art.id}`, { world, prepare: plantHostileLinks });
    expect(await screen.findByRole('heading', { level: 1, name: '少儿国画启蒙班' })).toBeInTheDocument();
    expect(document.querySelector('article img')).not.toHaveAttribute('src');
    expect(strayAddresses()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/class_detail: links left out .*data\.cover_url/);
  });

  it('an invoice’s file: no download link, the invoice is shown', async () => {
    await renderRoute(`/personal/invoiceInfo?id=${invoiced.id}`, { world, as: 'zhangwei', prepare: plantHostileLinks });
    expect(await screen.findByRole('region', { name: '发票信息' })).toBeInTheDocument();
    expect(screen.getByText('已开票', { selector: 'span[class*="status"]' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /下载电子发票/ })).toBeNull();
    expect(strayAddresses()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/query_invoice_detail: links left out .*data\.file_url/);
  });

  it('with the backend’s own links, the same places link where it says', async () => {
    await renderRoute('/', { world });
    const nav = within(await screen.findByRole('navigation', { name: '页脚链接' }));
    expect(await nav.findByRole('link', { name: '官方网站' })).toHaveAttribute('href', 'https://www.example.org');
    expect(within(await screen.findByRole('group', { name: '1 / 2：春季招生简章发布' })).getByRole('link')).toHaveAttribute('href', '/apply');
    expect(warnings).toEqual([]);
  });
});
