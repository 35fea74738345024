/**
 * The link kinds by example: the forms the mock, the fixtures and the spec use pass, the classic
 * tricks do not (links.property.test.ts generates many more).
 */
import { describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS, hostileUrl } from './hostile-urls.ts';
import { isLink, type LinkKind } from './links.ts';

const accepted: Record<LinkKind, string[]> = {
  link: ['https://www.children-center.example/', 'http://weibo.example/ccc', 'HTTPS://Example.org/a?b=1#c', '/apply', '/searchHome?center=2', '/mock-oss/', 'https://例子.中国/关于'],
  absolute: ['https://app.children-center.example/download', 'https://mp.children-center.example/pages/index/index'],
  file: ['class/1.svg', 'avatar/parent-gaoyan.svg', 'invoice/20260901000000000001.pdf', 'upload/1.png', '/mock-oss/class/1.svg', 'https://oss.example.org/ccc/banner/1.svg', '封面/1.png'],
  pay: ['https://qr.alipay.com/T202609010001', 'weixin://wxpay/bizpayurl?pr=T202609010001'],
  socket: ['/children_center/front/ws/pay', 'wss://pay.example.org/ws', 'ws://localhost:8787/ws'],
  image: ['data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E', 'data:image/png;base64,iVBORw0KGgo='],
};

const refusedEverywhere = [
  '',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\u200bscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example\\x',
  'https://bank.example@evil.example/',
  'https:evil.example',
  'https:///evil.example',
  'file:///etc/passwd',
  'https://example.org/a b',
  'https://example.org/\u202eexe.pdf',
];

describe('link kinds', () => {
  for (const [kind, values] of Object.entries(accepted) as [LinkKind, string[]][]) {
    it(`${kind}: allows what the mock, the fixtures and the spec use`, () => {
      expect(values.filter((v) => !isLink(v, kind))).toEqual([]);
    });
    it(`${kind}: refuses script, other schemes, other hosts and hidden characters`, () => {
      expect(refusedEverywhere.filter((v) => isLink(v, kind))).toEqual([]);
    });
  }

  it('keeps each kind to its own forms', () => {
    expect(isLink('class/1.svg', 'link')).toBe(false);
    expect(isLink('/apply', 'absolute')).toBe(false);
    expect(isLink('../api/logout', 'file')).toBe(false);
    expect(isLink('a/./b.png', 'file')).toBe(false);
    expect(isLink('c:/x.png', 'file')).toBe(false);
    expect(isLink('weixin://wxpay/bizpayurl?pr=1', 'link')).toBe(false);
    expect(isLink('weixin://dl/business/?t=x', 'pay')).toBe(false);
    expect(isLink('https://example.org/ws', 'socket')).toBe(false);
    expect(isLink('wss://example.org/ws', 'link')).toBe(false);
    expect(isLink('data:image/png;base64,iVBORw0KGgo=', 'file')).toBe(false);
    expect(isLink('data:image/svg+xml,<svg onload=alert(1)>', 'image')).toBe(false);
    expect(isLink('https://example.org/x.png', 'image')).toBe(false);
  });
});

describe('hostile URLs', () => {
  it('come in every form the tests need, and no kind allows one', () => {
    const sample = Array.from({ length: 400 }, (_, n) => hostileUrl(n, 7));
    const compact = (url: string) =>
      [...url]
        .filter((c) => !HIDDEN_CHARACTERS.includes(c))
        .join('')
        .toLowerCase();
    expect(sample.some((url) => compact(url).startsWith('javascript:__xss(7)'))).toBe(true);
    expect(sample.some((url) => compact(url).startsWith('data:text/html'))).toBe(true);
    expect(sample.some((url) => url.startsWith('//'))).toBe(true);
    expect(sample.some((url) => /^java\S*[\t\n]/i.test(url))).toBe(true);
    expect(sample.some((url) => url.includes('@'))).toBe(true);
    const kinds: LinkKind[] = ['link', 'absolute', 'file', 'pay', 'socket', 'image'];
    expect(sample.filter((url) => kinds.some((kind) => isLink(url, kind)))).toEqual([]);
  });
});
