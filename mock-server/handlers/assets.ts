/**
 * The mock's file storage (oss_base_url = OSS_BASE_URL): every image is drawn here as SVG from the
 * tables, nothing is fetched from anywhere. Class and center covers, banners, avatars, picker
 * photos; uploads are served back from their stored data: URL; an issued invoice is a tiny PDF.
 * Unknown addresses answer 404. Used by the browser worker and by the HTTP server alike.
 *
 * Class and center covers are pictures without words, as the real backend's photos are: a browser
 * lays out and paints an SVG image's text on its main thread, per image, which a photo never costs
 * (decision 094). They name what they show in their accessible name; the colour is the center's,
 * the shape the specialty's. A banner keeps its title: the words are what a banner shows.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Row } from '../core/db.ts';
import { OSS_BASE_URL } from '../core/config.ts';
import type { MockState } from '../core/state.ts';

const FONT = "'Noto Sans CJK SC','Noto Sans SC','PingFang SC','Microsoft YaHei','Source Han Sans SC',sans-serif";
/** One colour per center (by id), so a center's classes look related. */
const CENTER_COLOURS = ['#2e9e5b', '#2f7fc1', '#e2882b', '#8e5cc4', '#d0494f', '#16a2a0', '#c2872f', '#4b6bd6'];
const AVATAR_COLOURS = ['#2e9e5b', '#2f7fc1', '#e2882b', '#8e5cc4', '#d0494f', '#16a2a0'];

type Motif = 'note' | 'brush' | 'star' | 'blocks' | 'waves' | 'bubbles';

export type Asset = { kind: 'svg'; body: string } | { kind: 'bytes'; contentType: string; body: Uint8Array<ArrayBuffer> };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.codePointAt(0)!) >>> 0;
  return h;
}

const pick = <T>(list: readonly T[], n: number): T => list[Math.abs(n) % list.length]!;

const OPENING = '（《「『【(“‘';
const CLOSING = '）》」』】)”’，。、；：！？,.;:!?';

/**
 * Splits a title into lines of at most `width` characters (Chinese has no spaces to wrap at),
 * never ending a line on an opening bracket nor starting one with closing punctuation.
 */
function wrap(text: string, width: number, maxLines: number): string[] {
  const chars = [...text];
  // A bracketed suffix ("（周六上午）") starts the next line rather than being split.
  const bracket = chars.findIndex((c) => OPENING.includes(c));
  if (chars.length > width && bracket > 0 && bracket <= width && maxLines > 1 && chars.length - bracket <= width * (maxLines - 1)) {
    return [chars.slice(0, bracket).join(''), ...wrap(chars.slice(bracket).join(''), width, maxLines - 1)];
  }
  const lines: string[][] = [];
  let i = 0;
  while (i < chars.length) {
    let end = Math.min(i + width, chars.length);
    if (end < chars.length) {
      if (CLOSING.includes(chars[end]!)) end += 1;
      else if (OPENING.includes(chars[end - 1]!) && end - 1 > i) end -= 1;
    }
    lines.push(chars.slice(i, end));
    i = end;
  }
  if (lines.length > maxLines) {
    const last = lines[maxLines - 1]!;
    lines[maxLines - 1] = [...last.slice(0, width - 1), '…'];
  }
  return lines.slice(0, maxLines).map((line) => line.join(''));
}

function motifFor(name: string, fallback: number): Motif {
  if (/音乐|钢琴|合唱|声乐|提琴|古筝|琵琶|笛|鼓|吉他|乐/.test(name)) return 'note';
  if (/美术|绘画|画|书法|素描|手工|陶艺|剪纸/.test(name)) return 'brush';
  if (/舞|芭蕾|戏|表演|朗诵|主持/.test(name)) return 'star';
  if (/科技|编程|机器人|围棋|象棋|棋|数学|科学|航模|乐高/.test(name)) return 'blocks';
  if (/游泳|足球|篮球|武术|跆拳道|体|跳绳|乒乓|羽毛球/.test(name)) return 'waves';
  return pick<Motif>(['note', 'brush', 'star', 'blocks', 'waves', 'bubbles'], fallback);
}

/** A simple shape in white, drawn in a 100×100 box at (x, y) scaled by s. */
function motifSvg(motif: Motif, x: number, y: number, s: number): string {
  const g = (inner: string) => `<g transform="translate(${x} ${y}) scale(${s})" fill="#fff" stroke="#fff" opacity="0.9">${inner}</g>`;
  switch (motif) {
    case 'note':
      return g(
        '<path d="M38 12 L88 2 L88 66" fill="none" stroke-width="7"/><path d="M38 12 L38 78" fill="none" stroke-width="7"/><ellipse cx="27" cy="80" rx="14" ry="10"/><ellipse cx="77" cy="68" rx="14" ry="10"/>',
      );
    case 'brush':
      // a pencil drawing a line
      return g(
        '<g transform="rotate(40 50 50)"><rect x="40" y="0" width="20" height="62" rx="3"/><polygon points="40,66 60,66 50,88"/></g><path d="M4 94 Q20 78 36 92 T70 90" fill="none" stroke-width="5" stroke-linecap="round" opacity="0.8"/>',
      );
    case 'star':
      return g('<polygon points="50,4 62,38 98,38 69,59 80,94 50,73 20,94 31,59 2,38 38,38"/>');
    case 'blocks':
      return g('<rect x="4" y="54" width="40" height="40" rx="6"/><rect x="54" y="54" width="40" height="40" rx="6" opacity="0.75"/><rect x="29" y="6" width="40" height="40" rx="6" opacity="0.85"/>');
    case 'waves':
      return g(
        '<circle cx="50" cy="30" r="22" fill="none" stroke-width="7"/><path d="M4 72 Q18 60 32 72 T60 72 T88 72" fill="none" stroke-width="7" stroke-linecap="round"/><path d="M4 92 Q18 80 32 92 T60 92 T88 92" fill="none" stroke-width="7" stroke-linecap="round" opacity="0.7"/>',
      );
    case 'bubbles':
      return g('<circle cx="28" cy="66" r="24"/><circle cx="70" cy="40" r="18" opacity="0.75"/><circle cx="80" cy="82" r="10" opacity="0.6"/>');
  }
}

function svgDocument(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;
}

function textLines(lines: string[], x: number, y: number, size: number, attrs = ''): string {
  return lines.map((line, i) => `<text x="${x}" y="${y + i * size * 1.3}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" ${attrs}>${escapeXml(line)}</text>`).join('');
}

export function classCoverSvg(klass: Pick<Row<'classes'>, 'id' | 'name' | 'center_id' | 'specialty_id'>, centerName: string | null, specialtyName: string | null): string {
  const colour = pick(CENTER_COLOURS, klass.center_id - 1);
  const motif = motifFor(`${specialtyName ?? ''}${klass.name}`, klass.specialty_id);
  return svgDocument(
    480,
    320,
    [klass.name, specialtyName, centerName].filter(Boolean).join(' · '),
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.72"/></linearGradient></defs>` +
      `<rect width="480" height="320" fill="url(#g)"/>` +
      `<circle cx="430" cy="40" r="90" fill="#fff" opacity="0.08"/><circle cx="40" cy="300" r="70" fill="#fff" opacity="0.08"/>` +
      motifSvg(motif, 165, 85, 1.5),
  );
}

export function centerCoverSvg(center: Pick<Row<'centers'>, 'id' | 'name'>): string {
  const colour = pick(CENTER_COLOURS, center.id - 1);
  return svgDocument(
    600,
    360,
    center.name,
    `<rect width="600" height="360" fill="${colour}"/>` +
      `<rect y="250" width="600" height="110" fill="#000" opacity="0.12"/>` +
      // a building: roof, body, door, windows
      `<g transform="translate(-80 0)"><g fill="#fff" opacity="0.92"><polygon points="380,70 520,130 240,130"/><rect x="262" y="136" width="236" height="114"/></g>` +
      `<g fill="${colour}"><rect x="362" y="186" width="36" height="64" rx="4"/><rect x="286" y="160" width="40" height="30" rx="3"/><rect x="434" y="160" width="40" height="30" rx="3"/><rect x="286" y="204" width="40" height="30" rx="3"/><rect x="434" y="204" width="40" height="30" rx="3"/></g></g>`,
  );
}

export function bannerSvg(banner: Pick<Row<'banners'>, 'id' | 'title'>): string {
  const lines = wrap(banner.title, 16, 2);
  return svgDocument(
    1200,
    400,
    banner.title,
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="#17864a"/><stop offset="1" stop-color="#5cc98a"/></linearGradient></defs>` +
      `<rect width="1200" height="400" fill="url(#b)"/>` +
      `<circle cx="1040" cy="80" r="180" fill="#fff" opacity="0.08"/><circle cx="930" cy="340" r="120" fill="#fff" opacity="0.08"/><circle cx="120" cy="380" r="90" fill="#fff" opacity="0.06"/>` +
      motifSvg(pick<Motif>(['star', 'note', 'brush', 'bubbles'], banner.id), 900, 110, 1.9) +
      textLines(lines, 96, 180, 56) +
      `<text x="96" y="${180 + lines.length * 73 + 10}" font-family="${FONT}" font-size="26" fill="#fff" opacity="0.9">少年儿童活动中心 · 报名服务平台</text>`,
  );
}

/** The first character of a name, for avatars. */
function initialOf(name: string): string {
  return [...name.trim()][0] ?? '?';
}

export function avatarSvg(name: string): string {
  const colour = pick(AVATAR_COLOURS, hash(name));
  return svgDocument(
    120,
    120,
    name,
    `<circle cx="60" cy="60" r="60" fill="${colour}"/>` +
      `<text x="60" y="60" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="54" font-weight="700" fill="#fff">${escapeXml(initialOf(name))}</text>`,
  );
}

/** A passport-style photo: a silhouette on a light background, the initial on the chest. */
export function pickerPhotoSvg(name: string): string {
  const colour = pick(AVATAR_COLOURS, hash(name));
  return svgDocument(
    300,
    400,
    name,
    `<rect width="300" height="400" fill="#e8f3ec"/>` +
      `<circle cx="150" cy="150" r="70" fill="${colour}" opacity="0.85"/>` +
      `<path d="M40 400 Q40 250 150 250 Q260 250 260 400 Z" fill="${colour}"/>` +
      `<text x="150" y="340" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="56" font-weight="700" fill="#fff">${escapeXml(initialOf(name))}</text>`,
  );
}

/** A one-page PDF (ASCII only: the base-14 fonts have no Chinese) with correct xref offsets. */
export function invoicePdf(lines: string[]): Uint8Array<ArrayBuffer> {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 20 Tf', '72 760 Td', ...lines.flatMap((line, i) => [i === 0 ? '' : '0 -30 Td', `(${esc(line)}) Tj`]).filter(Boolean), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** The bytes and type of a data: URL (base64 or percent-encoded). */
export function decodeDataUrl(dataUrl: string): { contentType: string; body: Uint8Array<ArrayBuffer> } | null {
  const match = /^data:([^,]*?),(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const meta = match[1]!;
  const payload = match[2]!;
  const base64 = meta.endsWith(';base64');
  const contentType = (base64 ? meta.slice(0, -7) : meta) || 'text/plain;charset=US-ASCII';
  if (base64) {
    const binary = atob(payload);
    const body = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) body[i] = binary.charCodeAt(i);
    return { contentType, body };
  }
  return { contentType, body: new TextEncoder().encode(decodeURIComponent(payload)) };
}

/** A stored address (relative, root-relative or absolute) as a path under OSS_BASE_URL. */
function relativeOf(value: string | null | undefined): string | null {
  if (!value || value.startsWith('data:')) return null;
  let path = value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const at = path.indexOf(OSS_BASE_URL);
  if (at >= 0) path = path.slice(at + OSS_BASE_URL.length);
  return path.replace(/^\/+/, '');
}

const nameOfCenter = (state: MockState, id: number) => state.db.centers.findFirst((q) => q.where({ id }))?.name ?? null;
const nameOfSpecialty = (state: MockState, id: number) => state.db.specialties.findFirst((q) => q.where({ id }))?.name ?? null;
const svg = (body: string): Asset => ({ kind: 'svg', body });

function invoiceAsset(state: MockState, invoice: Row<'invoices'>): Asset {
  const order = state.db.orders.findFirst((q) => q.where({ id: invoice.order_id }));
  return {
    kind: 'bytes',
    contentType: 'application/pdf',
    body: invoicePdf([
      'Electronic invoice (MOCK - not a real invoice)',
      `Invoice no: ${invoice.invoice_no ?? '-'}`,
      `Order no: ${order?.order_no ?? invoice.order_id}`,
      `Amount: CNY ${invoice.amount.toFixed(2)}`,
      `Issued at: ${invoice.issued_at ?? '-'}`,
    ]),
  };
}

/** What the file at `path` (relative to OSS_BASE_URL) is, or null (404). */
export function resolveAsset(state: MockState, path: string): Asset | null {
  const rel = path.replace(/^\/+/, '');
  if (rel === '') return null;
  const is = (value: string | null | undefined) => relativeOf(value) === rel;
  const { db } = state;

  // 1. Addresses the tables hold, uploads first (an uploaded avatar is also a parent's url).
  const upload = db.uploads.findFirst((q) => q.where((u) => is(u.url)));
  if (upload) {
    const decoded = decodeDataUrl(upload.data_url);
    return decoded && { kind: 'bytes', contentType: upload.content_type || decoded.contentType, body: decoded.body };
  }
  const klass = db.classes.findFirst((q) => q.where((c) => is(c.cover_url)));
  if (klass) return svg(classCoverSvg(klass, nameOfCenter(state, klass.center_id), nameOfSpecialty(state, klass.specialty_id)));
  const center = db.centers.findFirst((q) => q.where((c) => is(c.cover_url)));
  if (center) return svg(centerCoverSvg(center));
  const banner = db.banners.findFirst((q) => q.where((b) => is(b.image_url)));
  if (banner) return svg(bannerSvg(banner));
  const picker = db.pickers.findFirst((q) => q.where((p) => is(p.photo_url)));
  if (picker) return svg(pickerPhotoSvg(picker.name));
  const parent = db.parents.findFirst((q) => q.where((p) => is(p.url)));
  if (parent) return svg(avatarSvg(parent.real_name ?? parent.username));
  const contact = db.contacts.findFirst((q) => q.where((c) => is(c.avatar)));
  if (contact) return svg(avatarSvg(contact.name));
  const wechat = db.parents.findFirst((q) => q.where((p) => is(p.wechat?.avatar)))?.wechat;
  if (wechat) return svg(avatarSvg(wechat.nickname));
  const invoice = db.invoices.findFirst((q) => q.where((i) => is(i.file_url)));
  if (invoice) return invoiceAsset(state, invoice);

  // 2. The factories' address patterns, for rows whose address field was left empty.
  const [, kind, idText] = /^(class|center|banner|invoice)\/(\d+)(?:\.\w+)?$/.exec(rel) ?? [];
  const id = Number(idText);
  if (kind === 'class') {
    const row = db.classes.findFirst((q) => q.where({ id }));
    return row ? svg(classCoverSvg(row, nameOfCenter(state, row.center_id), nameOfSpecialty(state, row.specialty_id))) : null;
  }
  if (kind === 'center') {
    const row = db.centers.findFirst((q) => q.where({ id }));
    return row ? svg(centerCoverSvg(row)) : null;
  }
  if (kind === 'banner') {
    const row = db.banners.findFirst((q) => q.where({ id }));
    return row ? svg(bannerSvg(row)) : null;
  }
  if (kind === 'invoice') {
    const row = db.invoices.findFirst((q) => q.where({ id }));
    return row ? invoiceAsset(state, row) : null;
  }
  const [, who, whoId] = /^avatar\/(parent|contact|picker)-(\d+)(?:\.\w+)?$/.exec(rel) ?? [];
  if (who === 'picker') {
    const row = db.pickers.findFirst((q) => q.where({ id: Number(whoId) }));
    return row ? svg(pickerPhotoSvg(row.name)) : null;
  }
  if (who === 'parent') {
    const row = db.parents.findFirst((q) => q.where({ id: Number(whoId) }));
    return row ? svg(avatarSvg(row.real_name ?? row.username)) : null;
  }
  if (who === 'contact') {
    const row = db.contacts.findFirst((q) => q.where({ id: Number(whoId) }));
    return row ? svg(avatarSvg(row.name)) : null;
  }
  return null;
}

export function assetResponse(asset: Asset | null): Response {
  if (!asset) return new HttpResponse('文件不存在', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (asset.kind === 'svg') {
    return new HttpResponse(asset.body, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'no-cache' } });
  }
  return new HttpResponse(asset.body, { headers: { 'Content-Type': asset.contentType, 'Cache-Control': 'no-cache', 'Content-Length': String(asset.body.byteLength) } });
}

/** msw handler for every address under OSS_BASE_URL on any origin. */
export function assetHandler(state: MockState): HttpHandler {
  return http.get(`*${OSS_BASE_URL}*`, ({ request }) => {
    const { pathname } = new URL(request.url);
    const at = pathname.indexOf(OSS_BASE_URL);
    let path: string;
    try {
      path = decodeURIComponent(pathname.slice(at + OSS_BASE_URL.length));
    } catch {
      return assetResponse(null);
    }
    return assetResponse(resolveAsset(state, path));
  });
}
