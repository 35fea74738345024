/**
 * The document around a rendered page: the build's index.html cut where the server writes (the
 * title, the page), and the styles and chunks each page needs, from the build's manifest, so the
 * page is styled as it arrives and its chunk loads beside the entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentTemplate } from './render.tsx';

const ROOT = '<div id="root">';

/** Cuts an index.html (the build's, or the dev server's transform of the source's) around its title and root. */
export function templateOf(html: string): DocumentTemplate {
  const withoutTitle = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  const headEnd = withoutTitle.indexOf('</head>');
  const root = withoutTitle.indexOf(ROOT);
  if (headEnd < 0 || root < 0) throw new Error('index.html has no </head> or no <div id="root">');
  const afterRoot = withoutTitle.indexOf('</div>', root);
  return {
    headStart: withoutTitle.slice(0, headEnd),
    headEnd: '</head>',
    bodyStart: withoutTitle.slice(headEnd + '</head>'.length, root + ROOT.length),
    bodyEnd: withoutTitle.slice(afterRoot),
  };
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The <link>s a page's module needs beyond what the document already names: its styles, its chunks. */
export function pageLinks(manifest: Manifest, modules: readonly string[], alreadyNamed: string): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  modules.forEach(visit);
  const fresh = (file: string) => !alreadyNamed.includes(`/${file}"`);
  return [
    // Marked as the page's own (not every page's start-up), for the tests that tell them apart.
    ...[...css].filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}" data-page>`),
    ...[...js].filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" data-page>`),
  ].join('');
}

/** The build's document and manifest, read once at start-up. */
export function loadBuild(dist: string): { template: DocumentTemplate; manifest: Manifest } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { template: templateOf(html), manifest };
}
