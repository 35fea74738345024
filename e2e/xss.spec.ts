/**
 * Hostile HTML everywhere text reaches a page (issue 11, item 2): the OWASP cheat-sheet vectors
 * planted through the mock in every rich text the server sends and in every field a parent types
 * that comes back on a page, then typed through the real forms. On every page: no vector runs (a
 * hook records any call), nothing executable is left in the DOM, the layout holds (no sideways
 * scrolling, header and footer in place), the harmless part of rich text survives, and plain text
 * comes back exactly as typed.
 */
import type { Page } from '@playwright/test';
import { makeIdNumber } from '#contract/index';
import type { SnapshotFile } from '../mock-server/control/snapshot-file.ts';
import type { Snapshot, TableName } from '../fixtures/records.ts';
import { PHOTO } from './support/files.ts';
import { expect, test } from './support/mock.ts';
import { dangerousNodes, installXssHook, layoutProblems, linkVectors, shortVectors, vectors } from './support/xss.ts';

/**
 * Rich text (sanitised HTML): each row gets every vector, each after a harmless marker that must
 * survive; of the two vectors that end the text, row i gets one (i mod 2), last.
 */
const richFields = [
  ['classes', 'description'],
  ['classes', 'sign_up_notice'],
  ['contents', 'content'],
  ['faqs', 'answer'],
  ['site', 'contact_us_content'],
  ['messages', 'content'],
] as const;

/** Plain text: row i gets vector i mod n behind a tag naming the field; it must show literally. */
const plainFields = [
  ['classes', 'name'],
  ['classes', 'teacher_name'],
  ['classes', 'address'],
  ['classes', 'refund_rule'],
  ['contacts', 'name'],
  ['mailInfos', 'receiver'],
  ['mailInfos', 'province'],
  ['mailInfos', 'city'],
  ['mailInfos', 'district'],
  ['mailInfos', 'address'],
  ['pickers', 'name'],
  ['invoices', 'title'],
  ['messages', 'title'],
  ['faqs', 'question'],
  ['orgs', 'name'],
  ['orgs', 'address'],
  ['orgs', 'traffic'],
  ['site', 'address'],
  ['refunds', 'reason'],
] as const;

const marker = (table: string, column: string, n: number) => `[safe ${table}.${column} ${n}]`;
const ordinary = vectors.filter((v) => !v.endsText);
const enders = vectors.filter((v) => v.endsText);
const richVectors = (row: number) => [...ordinary, enders[row % enders.length]!];
const richValue = (table: string, column: string, row: number) =>
  richVectors(row)
    .map((v) => `<p>${marker(table, column, v.n)}</p>${v.html}`)
    .join('');
const plainValue = (table: string, column: string, row: number) => `«${table}.${column}»${vectors[row % vectors.length]!.html}`;

type Rows = Record<string, unknown>[];

/**
 * Plants the vectors in the snapshot's rows and loads it (which signs the browser out). Links are
 * planted in the same snapshot, as its hostile-links setting: the tables refuse a link that is no
 * link, so the mock puts them in every link field of every answer, as a hostile backend would.
 */
async function plant(page: Page): Promise<Snapshot> {
  const file = (await page.evaluate(() => window.__mock!.snapshot('xss'))) as SnapshotFile;
  const tables = file.tables as unknown as Record<TableName, Rows>;
  for (const [table, column] of richFields) tables[table].forEach((row, i) => (row[column] = richValue(table, column, i)));
  for (const [table, column] of plainFields) tables[table].forEach((row, i) => (row[column] = plainValue(table, column, i)));
  file.settings.hostileLinks = linkVectors;
  await page.evaluate((f) => window.__mock!.loadSnapshot(f), file);
  return file.tables;
}

/** Elements whose href or src is one of the planted links. */
function plantedAddresses(page: Page): Promise<string[]> {
  return page.evaluate(
    (planted) =>
      Array.from(document.querySelectorAll('[href], [src]')).flatMap((el) =>
        ['href', 'src'].filter((name) => planted.includes(el.getAttribute(name) ?? '')).map((name) => `<${el.localName} ${name}>`),
      ),
    linkVectors,
  );
}

/** The calls whose links the page left out (the app warns of each): shows the links were planted. */
function watchLeftOutLinks(page: Page): Set<string> {
  const calls = new Set<string>();
  page.on('console', (message) => {
    const call = /^\[contract\] (\w+): links left out/.exec(message.text())?.[1];
    if (message.type() === 'warning' && call) calls.add(call);
  });
  return calls;
}

interface Visit {
  path: string;
  /** Opens what the page folds away (answers, messages). */
  open?: (page: Page) => Promise<void>;
  /** A text that shows the page has its data (not a loading or error state). */
  ready: string | RegExp;
  /** The planted fields ('table.column') the page must show. */
  shows: string[];
  /** Calls whose planted links the page must have left out, besides the footer's and oss_base_url. */
  links?: string[];
}

function publicVisits(t: Snapshot): Visit[] {
  const klass = t.classes[0]!;
  return [
    {
      path: '/',
      ready: /«classes\.name»/,
      shows: ['classes.name', 'site.address'],
      links: ['exhibition_banner', 'homepage_center', 'seckill_class_curriculum', 'sign_up_for_upcoming_class', 'sign_up_is_coming_to_end', 'make_full_appointment_class'],
    },
    { path: `/searchHome?name=${encodeURIComponent('«classes')}`, ready: /«classes\.name»/, shows: ['classes.name'], links: ['search_by_screening_conditions'] },
    {
      path: `/details?id=${klass.id}`,
      ready: marker('classes', 'description', 1),
      shows: ['classes.description', 'classes.sign_up_notice', 'classes.name', 'classes.teacher_name', 'classes.address', 'classes.refund_rule'],
      links: ['class_detail'],
    },
    {
      path: '/patriarchFAQ',
      ready: /«faqs\.question»/,
      shows: ['faqs.question', 'faqs.answer'],
      open: async (page) => page.getByRole('button', { name: '全部展开' }).click(),
    },
    { path: '/enrollment', ready: marker('site', 'contact_us_content', 1), shows: ['site.contact_us_content', 'orgs.name', 'orgs.address', 'orgs.traffic'] },
    { path: '/apply', ready: marker('contents', 'content', 1), shows: ['contents.content'], links: ['global_config'] },
    { path: '/payment', ready: marker('contents', 'content', 1), shows: ['contents.content'] },
  ];
}

function parentVisits(t: Snapshot, username: string): Visit[] {
  const parent = t.parents.find((p) => p.username === username)!;
  const mine = <R extends { parent_id: number }>(rows: R[]) => rows.filter((r) => r.parent_id === parent.id);
  const order = mine(t.orders)[0]!;
  const refund = mine(t.refunds)[0]!;
  const invoice = mine(t.invoices)[0]!;
  const openClass = t.classes.find((c) => c.admission_kind === 1) ?? t.classes[0]!;
  const visits: Visit[] = [
    { path: `/appointment?id=${openClass.id}`, ready: marker('classes', 'sign_up_notice', 1), shows: ['classes.sign_up_notice', 'classes.name'], links: ['class_detail', 'contact_information'] },
    { path: '/personal/contacts', ready: /«contacts\.name»/, shows: ['contacts.name'], links: ['contact_information'] },
    { path: '/personal/mailing', ready: /«mailInfos\.address»/, shows: ['mailInfos.receiver', 'mailInfos.province', 'mailInfos.city', 'mailInfos.district', 'mailInfos.address'] },
    { path: '/personal/accessControl', ready: /«pickers\.name»/, shows: ['pickers.name'], links: ['get_access_control_info'] },
    { path: '/personal/invoiceInfo', ready: /«classes\.name»/, shows: ['classes.name'], links: ['order_list'] },
    { path: `/personal/invoiceInfo?id=${invoice.order_id}`, ready: /«invoices\.title»/, shows: ['invoices.title'], links: ['query_invoice_detail'] },
    { path: '/personal/myOrder', ready: /«classes\.name»/, shows: ['classes.name'], links: ['order_list'] },
    { path: `/personal/orderDetails?id=${order.id}`, ready: /«classes\.name»/, shows: ['classes.name'], links: ['order_detail'] },
    { path: '/personal/refund', ready: /«classes\.name»/, shows: ['classes.name'] },
    { path: `/personal/refundDetails?id=${refund.id}`, ready: /«refunds\.reason»/, shows: ['refunds.reason'] },
    { path: '/personal/classBooking', ready: /«classes\.name»/, shows: ['classes.name'], links: ['sign_up_list'] },
    { path: '/personal/collect', ready: /«classes\.name»/, shows: ['classes.name'], links: ['get_my_collection'] },
    {
      path: '/personal/systemMessages',
      ready: /«messages\.title»/,
      shows: ['messages.title', 'messages.content'],
      open: async (page) => {
        const rows = page.getByRole('button', { name: /«messages\.title»/ });
        for (let i = 0; i < (await rows.count()); i += 1) {
          await rows.nth(i).click();
          await expect(page.getByText(marker('messages', 'content', 1)).first()).toBeVisible();
        }
      },
    },
  ];
  // The header's avatar (personal_data's url) on every page of the parent's.
  return visits.map((visit) => ({ ...visit, links: [...(visit.links ?? []), 'personal_data'] }));
}

interface Tally {
  pages: number;
  richPairs: Set<string>;
  plainSeen: Set<string>;
  richSeen: Set<string>;
}

/** Every planted plain value that the page shows, literally. */
async function plainShown(page: Page, t: Snapshot): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const tables = t as unknown as Record<TableName, Rows>;
  const shown: string[] = [];
  for (const [table, column] of plainFields)
    tables[table].forEach((_, i) => {
      const value = plainValue(table, column, i);
      if (text.includes(value)) shown.push(`${table}.${column} #${vectors[i % vectors.length]!.n}`);
    });
  return shown;
}

async function check(page: Page, visit: Visit, t: Snapshot, hits: number[], tally: Tally, leftOut: Set<string>) {
  leftOut.clear();
  await page.goto(visit.path);
  await expect(page.getByText(visit.ready).first()).toBeVisible();
  if (visit.open) await visit.open(page);
  // Vectors that fire on load or on focus have had their chance once the page settles.
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  expect(hits, `a vector ran on ${visit.path}`).toEqual([]);
  expect(await dangerousNodes(page), `executable markup on ${visit.path}`).toEqual([]);
  expect(await layoutProblems(page), `layout of ${visit.path}`).toEqual([]);
  // The backend's links were all hostile: the page read them, left them out, and shows none.
  expect([...leftOut], `calls whose planted links ${visit.path} did not leave out`).toEqual(expect.arrayContaining(['site_information', 'oss_base_url', ...(visit.links ?? [])]));
  expect(await plantedAddresses(page), `planted links shown on ${visit.path}`).toEqual([]);
  // Rich text keeps its harmless part: every marker of a field the page shows is there.
  const text = await page.evaluate(() => document.body.innerText);
  for (const [table, column] of richFields) {
    const shown = vectors.filter((v) => text.includes(marker(table, column, v.n))).map((v) => v.n);
    if (shown.length > 0) {
      // Each row shows every marker up to its ender: all ordinary vectors' and one ender's at least.
      const missing = [...ordinary.map((v) => v.n).filter((n) => !shown.includes(n)), ...(enders.some((v) => shown.includes(v.n)) ? [] : ['an ender'])];
      expect(missing, `${table}.${column} on ${visit.path} lost harmless text`).toEqual([]);
      tally.richSeen.add(`${table}.${column}`);
      for (const n of shown) tally.richPairs.add(`${table}.${column} #${n}`);
    }
  }
  // Plain text never turns into markup: what shows is the vector, character for character.
  const plain = await plainShown(page, t);
  expect(plain.length, `no planted plain text shows on ${visit.path}`).toBeGreaterThan(0);
  for (const seen of plain) tally.plainSeen.add(seen);
  const seenHere = new Set([...plain.map((x) => x.split(' ')[0]!), ...richFields.map(([a, b]) => `${a}.${b}`).filter((f) => text.includes(`[safe ${f} `))]);
  expect(
    visit.shows.filter((f) => !seenHere.has(f)),
    `planted fields ${visit.path} does not show`,
  ).toEqual([]);
  tally.pages += 1;
}

test('every planted field is shown by some page below', () => {
  const shown = new Set([...publicVisits(noIds), ...parentVisits(noIds, 'gaoyan')].flatMap((v) => v.shows));
  expect([...richFields, ...plainFields].map(([a, b]) => `${a}.${b}`).filter((f) => !shown.has(f))).toEqual([]);
});

function report(tally: Tally, what: string) {
  const figures = `${what}: ${tally.richPairs.size} (rich-text field × vector) and ${tally.plainSeen.size} (plain field × vector) pairs shown over ${tally.pages} pages, ${vectors.length} vectors`;
  test.info().annotations.push({ type: 'figures', description: figures });
  console.log(`xss ${figures}`);
}

const newTally = (): Tally => ({ pages: 0, richPairs: new Set(), plainSeen: new Set(), richSeen: new Set() });

/** Pages per test: planting takes a few seconds, each page a few more; a test stays short. */
const PAGES_PER_TEST = 3;
const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / PAGES_PER_TEST) }, (_, i) => items.slice(i * PAGES_PER_TEST, (i + 1) * PAGES_PER_TEST));
// The visits only need the snapshot for ids; their number and paths' names are fixed.
const noIds = new Proxy({} as Snapshot, { get: () => [{ id: 1, parent_id: 1, username: 'gaoyan', order_id: 1 }] });

/**
 * Rich text is sanitized by the browser where it can (Element.setHTML), else by DOMPurify
 * (decision 040): the public pages, which show every public rich-text field, are visited with each.
 */
const sanitizers = [
  { name: "the browser's sanitizer", withoutSetHtml: false },
  { name: 'DOMPurify', withoutSetHtml: true },
] as const;

/** Which sanitizer the page used: DOMPurify's module is only ever fetched for the fallback. */
function watchPurify(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/purify/i.test(request.url())) fetched.push(request.url());
  });
  return fetched;
}

for (const sanitizer of sanitizers) {
  chunks(publicVisits(noIds)).forEach((group, g) => {
    test(`signed out, ${sanitizer.name}, ${group.map((v) => v.path.split('?')[0]).join(' ')}: planted vectors never run, keep the layout and read as typed`, async ({ page, scenario }) => {
      const hits = await installXssHook(page);
      const leftOut = watchLeftOutLinks(page);
      if (sanitizer.withoutSetHtml) await page.addInitScript(() => void Reflect.deleteProperty(Element.prototype, 'setHTML'));
      const purify = watchPurify(page);
      // The catalogue is in every scenario; the smallest world with it loads fastest.
      await scenario('family');
      const t = await plant(page);
      const tally = newTally();
      for (const visit of chunks(publicVisits(t))[g]!) await check(page, visit, t, hits, tally, leftOut);
      expect(purify.length > 0, `DOMPurify fetched with ${sanitizer.name}`).toBe(sanitizer.withoutSetHtml);
      report(tally, `signed out, ${sanitizer.name}, group ${g + 1}`);
    });
  });
}

chunks(parentVisits(noIds, 'gaoyan')).forEach((group, g) => {
  test(`signed in, ${group.map((v) => v.path.split('?')[0]).join(' ')}: planted vectors never run, keep the layout and read as typed`, async ({ page, scenario, openWithTicket }) => {
    const hits = await installXssHook(page);
    const leftOut = watchLeftOutLinks(page);
    await scenario('default');
    const t = await plant(page);
    await openWithTicket('gaoyan', '/');
    const tally = newTally();
    for (const visit of chunks(parentVisits(t, 'gaoyan'))[g]!) await check(page, visit, t, hits, tally, leftOut);
    report(tally, `signed in, group ${g + 1}`);
  });
});

/** Checks the page as check() does, for pages reached by typing. */
async function clean(page: Page, hits: number[], where: string) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  expect(hits, `a vector ran on ${where}`).toEqual([]);
  expect(await dangerousNodes(page), `executable markup on ${where}`).toEqual([]);
  expect(await layoutProblems(page), `layout of ${where}`).toEqual([]);
}

test('vectors typed into the search box and the feedback form come back exactly as typed and never run', async ({ page, scenario, mock }) => {
  const hits = await installXssHook(page);
  await scenario('family', { as: 'zhangwei', path: '/' });
  const breakout = shortVectors[2]!.html;
  const long = vectors[0]!.html;

  // Search: the box keeps the words, the results page names them as text.
  const search = page.getByRole('searchbox', { name: '课程名称' });
  await search.fill(long);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/searchHome\?name=/);
  await expect(page.getByRole('searchbox', { name: '课程名称' }).first()).toHaveValue(long);
  await clean(page, hits, 'search');

  // Feedback: stored exactly as typed (the contract trims the ends only).
  await page.goto('/feedback');
  const feedback = page.getByRole('form', { name: '意见反馈' });
  await feedback.getByRole('radio').first().check();
  const content = `页面显示异常，请检查：${vectors
    .slice(0, 6)
    .map((v) => v.html)
    .join(' ')}`;
  await feedback.getByLabel('问题描述').fill(content);
  await feedback.getByLabel('称呼').fill(breakout);
  await feedback.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByRole('heading', { name: '感谢您的反馈' })).toBeVisible();
  await clean(page, hits, 'feedback');
  const [sent] = (await mock.state()).tables.feedback.slice(-1);
  expect(sent).toMatchObject({ content, contact_name: breakout });
});

test("vectors typed into an address and a child's name come back exactly as typed and never run", async ({ page, scenario, mock }) => {
  const hits = await installXssHook(page);
  const [svg, img, breakout] = shortVectors.map((v) => v.html) as [string, string, string];
  const long = vectors[0]!.html;

  // An address: saved and shown as typed.
  await scenario('family', { as: 'zhangwei', path: '/personal/mailing' });
  const address = page.getByRole('form', { name: '添加邮寄地址' });
  await address.getByLabel('收件人').fill(svg);
  await address.getByLabel('手机号').fill('13800000000');
  await address.getByLabel('省份').selectOption('北京市');
  await address.getByLabel('区县').fill(breakout);
  await address.getByLabel('详细地址').fill(long);
  await address.getByRole('button', { name: '保存地址' }).click();
  const card = page.getByRole('region', { name: '当前邮寄地址' });
  await expect(card).toContainText(svg);
  await expect(card).toContainText(`北京市${breakout}${long}`);
  await clean(page, hits, 'mailing');
  await page.reload();
  await expect(page.getByRole('region', { name: '当前邮寄地址' })).toContainText(`${breakout}${long}`);
  await clean(page, hits, 'mailing (reloaded)');

  // A child's name, within its 20 characters: the card and the header's child selector show it.
  await page.goto('/personal/contacts?add=1');
  const child = page.getByRole('form', { name: '添加孩子' });
  await child.getByLabel('孩子姓名').fill(img);
  await child.getByLabel('证件号码').fill(makeIdNumber('110105', '2019-03-08', 125));
  await child.getByLabel('与孩子关系').selectOption({ label: '父亲' });
  await child.getByLabel('监护人手机号').fill('13912345678');
  await child.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByRole('listitem', { name: img })).toBeVisible();
  await clean(page, hits, 'contacts');
  expect((await mock.state()).tables.contacts.filter((c) => c.name === img)).toHaveLength(1);
});

test("a vector typed as a pick-up person's name comes back exactly as typed and never runs", async ({ page, scenario, mock }) => {
  const hits = await installXssHook(page);
  const [svg] = shortVectors.map((v) => v.html) as [string];

  // A pick-up person, within a name's 20 characters: the card and its photo's name show it.
  await scenario('family', { as: 'zhangwei', path: '/personal/accessControl' });
  const section = page.getByRole('region', { name: /的接送人$/ });
  await section.getByRole('button', { name: '添加接送人' }).click();
  const picker = page.getByRole('form', { name: /添加接送人$/ });
  await picker.getByLabel('姓名').fill(svg);
  await picker.getByLabel('与孩子关系').selectOption({ label: '其他' });
  await picker.getByRole('textbox', { name: '手机号' }).fill('13600002222');
  await picker.getByLabel('正面照片').setInputFiles(PHOTO);
  await expect(picker.getByRole('img', { name: '已上传的接送人照片' })).toBeVisible();
  await picker.getByRole('button', { name: '确认添加' }).click();
  await expect(section.getByRole('article', { name: svg })).toBeVisible();
  await expect(section.getByRole('img', { name: `${svg}的照片` })).toBeVisible();
  await clean(page, hits, 'access control');
  await page.reload();
  await expect(page.getByRole('region', { name: /的接送人$/ }).getByRole('article', { name: svg })).toBeVisible();
  await clean(page, hits, 'access control (reloaded)');
  expect((await mock.state()).tables.pickers.filter((p) => p.name === svg)).toHaveLength(1);
});

test('a vector typed as an invoice title comes back exactly as typed and never runs', async ({ page, scenario, mock }) => {
  const hits = await installXssHook(page);
  // The longest vector an invoice title (100 characters) holds.
  const title = vectors.filter((v) => v.html.length <= 100).sort((a, b) => b.html.length - a.html.length)[0]!.html;

  // An invoice title: the confirmation, the invoice's page and the list show it as typed.
  await scenario('invoice-issued', { as: 'chenjing', path: '/personal/invoiceInfo' });
  await page.getByRole('row').filter({ hasText: '寒假素描速写营' }).getByRole('link', { name: '申请发票' }).click();
  const form = page.getByRole('form', { name: '发票信息' });
  await form.getByLabel('发票抬头').fill(title);
  await form.getByRole('button', { name: '提交申请' }).click();
  const dialog = page.getByRole('dialog', { name: '确认开票信息' });
  await expect(dialog).toContainText(`${title}（个人）`);
  await clean(page, hits, 'invoice confirmation');
  await dialog.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByRole('region', { name: '发票信息' })).toContainText(`发票抬头${title}`);
  await clean(page, hits, 'invoice');
  expect((await mock.state()).tables.invoices.filter((i) => i.title === title)).toHaveLength(1);
});
