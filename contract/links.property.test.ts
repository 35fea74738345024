/**
 * Every link field of the contract (issue 30), walked with generated hostile URLs (hostile-urls.ts:
 * script schemes in any case with whitespace and control characters slipped in, data: and other
 * schemes, other hosts, credentials). Each is refused by the field's schema
 * and reported by the strict check (the probe, the monkey); the app's reading leaves it out (an
 * empty link, which the field accepts) so the page works. Allowed forms of each kind pass.
 * What the mock does with them is in mock-server/links.property.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationList } from './index.ts';
import { leaveOutLinks, linkFields, linkKindOf, type LinkField } from './link-fields.ts';
import { isLink, type LinkKind } from './links.ts';
import { hostileUrl } from './hostile-urls.ts';
import { strictDiff } from './strict-answer.ts';
import { z } from './zod.ts';

const PARTS = ['pathParams', 'query', 'body', 'response'] as const;

/** Every link field of every operation, named `operation part path`. */
const fields: (LinkField & { where: string; part: (typeof PARTS)[number] })[] = operationList.flatMap((op) =>
  PARTS.flatMap((part) => {
    const schema = op[part] as z.ZodType | undefined;
    return schema ? linkFields(schema).map((field) => ({ ...field, part, where: `${op.id} ${part} ${field.path}` })) : [];
  }),
);

/** The nth hostile URL (hostile-urls.ts): fast-check drives n. */
const hostile = fc.nat().map((n) => hostileUrl(n));

// -- Allowed forms -------------------------------------------------------------------------------

const webUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });
const portalPath = fc.webPath().filter((p) => p.startsWith('/') && !p.startsWith('//'));
const storedPath = fc.array(fc.stringMatching(/^[\w\u4e00-\u9fa5-]{1,12}$/), { minLength: 1, maxLength: 4 }).map((parts) => `${parts.join('/')}.png`);
const allowed: Record<LinkKind, fc.Arbitrary<string>> = {
  link: fc.oneof(webUrl, portalPath),
  absolute: webUrl,
  file: fc.oneof(webUrl, portalPath, storedPath),
  pay: fc.oneof(
    webUrl,
    fc.stringMatching(/^[A-Za-z0-9]{8,32}$/).map((no) => `weixin://wxpay/bizpayurl?pr=${no}`),
  ),
  socket: fc.oneof(fc.webUrl({ validSchemes: ['ws', 'wss'] }), portalPath),
  image: fc.base64String({ minLength: 4, maxLength: 64 }).map((b) => `data:image/png;base64,${b}`),
};

/** The field's own length limit: a generated URL past it is refused for its length, not its form. */
const maxOf = (schema: z.ZodType) => (z.toJSONSchema(z.object({ f: schema }), { io: 'input', unrepresentable: 'any' }).properties?.f as { maxLength?: number; anyOf?: { maxLength?: number }[] }) ?? {};
const fits = (schema: z.ZodType) => {
  const json = maxOf(schema);
  const max = json.maxLength ?? json.anyOf?.find((s) => s.maxLength)?.maxLength ?? Infinity;
  return (url: string) => url.length <= max;
};

describe('the contract’s link fields', () => {
  it('are every field named like an address (url, avatar, image, photo, link)', () => {
    const addressLike = /url|avatar|image|photo|link|href|src/i;
    const untyped: string[] = [];
    const visit = (schema: z.ZodType, path: string, key: string) => {
      const def = (schema as unknown as { _zod: { def: { type: string } & Record<string, unknown> } })._zod.def;
      if (def.type === 'object') for (const [k, f] of Object.entries(def.shape as Record<string, z.ZodType>)) visit(f, `${path}.${k}`, k);
      else if (def.type === 'array') visit(def.element as z.ZodType, `${path}[]`, key);
      else if (def.type === 'pipe') visit(def.in as z.ZodType, path, key);
      else if ('innerType' in def) visit(def.innerType as z.ZodType, path, key);
      else if (def.type === 'string' && addressLike.test(key) && linkKindOf(schema) === null) untyped.push(path);
    };
    for (const op of operationList) for (const part of PARTS) if (op[part]) visit(op[part] as z.ZodType, `${op.id} ${part}`, '');
    expect(untyped).toEqual([]);
  });

  it('include the site links, banners, images, files, the payment link and websocket and the captcha image', () => {
    const named = (id: string, part: string, path: string) => fields.find((f) => f.where === `${id} ${part} ${path}`)?.kind;
    expect({
      official_site_url: named('site_information', 'response', 'official_site_url'),
      microblog_url: named('site_information', 'response', 'microblog_url'),
      app_download_url: named('site_information', 'response', 'app_download_url'),
      link_url: named('exhibition_banner', 'response', 'list[].link_url'),
      image_url: named('exhibition_banner', 'response', 'list[].image_url'),
      file_url: named('query_invoice_detail', 'response', 'file_url'),
      avatar: named('personal_data', 'response', 'user_info.url'),
      pay_url: named('pay_sign_up', 'response', 'pay_url'),
      pay_ws_url: named('global_config', 'response', 'pay_ws_url'),
      oss_base_url: named('oss_base_url', 'response', 'oss_base_url'),
      captcha_image: named('send_sms_get', 'response', 'captcha_image'),
      photo_url: named('creat_access_control_info', 'body', 'photo_url'),
    }).toEqual({
      official_site_url: 'link',
      microblog_url: 'link',
      app_download_url: 'absolute',
      link_url: 'link',
      image_url: 'file',
      file_url: 'file',
      avatar: 'file',
      pay_url: 'pay',
      pay_ws_url: 'socket',
      oss_base_url: 'link',
      captcha_image: 'image',
      photo_url: 'file',
    });
  });

  for (const field of fields) {
    it(`${field.where} (${field.kind}): refuses hostile URLs; the strict check names them; the app leaves them out`, () => {
      fc.assert(
        fc.property(hostile, (url) => {
          expect(isLink(url, field.kind), url).toBe(false);
          expect(field.schema.safeParse(url).success, JSON.stringify(url)).toBe(false);
          expect(strictDiff(z.object({ f: field.schema }), { f: url }).map((d) => d.path)).toEqual(['data.f']);
          if (field.part === 'response') {
            const read = leaveOutLinks(z.object({ f: field.schema }), { f: url });
            expect(read).toEqual({ value: { f: '' }, leftOut: ['data.f'] });
            expect(field.schema.safeParse('').success).toBe(true);
          }
        }),
        { numRuns: 60 },
      );
    });

    it(`${field.where} (${field.kind}): takes every allowed form`, () => {
      fc.assert(
        fc.property(allowed[field.kind].filter(fits(field.schema)), (url) => {
          expect(field.schema.safeParse(url).success, url).toBe(true);
        }),
        { numRuns: 30 },
      );
    });
  }
});
