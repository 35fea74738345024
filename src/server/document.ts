/**
 * The document around a rendered page: the build's index.html cut where the server writes (the
 * title, the page), and the styles and chunks each page needs, from the build's manifest, so the
 * page is styled as it arrives and its chunk loads beside the entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_SERVICE_META } from '../lib/app-config.ts';
import type { DocumentTemplate } from './render.tsx';

const ROOT = '<div id="root">';

/** JSON safe inside a <script> element (no `</script>`, no `<!--`, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

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

/** The styles and chunks a page's modules need beyond what the document already names. */
export function pageAssets(manifest: Manifest, modules: readonly string[], alreadyNamed: string): { css: string[]; js: string[] } {
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
  return { css: [...css].filter(fresh).map((file) => `/${file}`), js: [...js].filter(fresh).map((file) => `/${file}`) };
}

// Marked as the page's own (not every page's start-up), for the tests that tell them apart.
const styleLinks = (css: string[]) => css.map((href) => `<link rel="stylesheet" crossorigin href="${href}" data-page>`).join('');

/** The <link>s a page's module needs beyond what the document already names: its styles, its chunks. */
export function pageLinks(manifest: Manifest, modules: readonly string[], alreadyNamed: string): string {
  const { css, js } = pageAssets(manifest, modules, alreadyNamed);
  return styleLinks(css) + js.map((href) => `<link rel="modulepreload" crossorigin href="${href}" data-page>`).join('');
}

/** The id of the list of scripts a rendered page loads once it has loaded (`SCRIPTS_AFTER_LOAD`). */
export const AFTER_LOAD_LIST_ID = 'scripts-after-load';

/**
 * Loads the page's scripts (the entry first, then the chunks to preload) once the page has loaded
 * and painted, or at the visitor's first touch or key, whichever comes first (decision 070): the
 * server's page reads and navigates without them, and on a slow link they would share it with the
 * styles and images that make the page. One element a task (each costs a few ms on a phone). Inline,
 * with a fixed text, so the CSP allows it by its hash (deploy/nginx/children-center/headers.conf).
 */
export const SCRIPTS_AFTER_LOAD = `(function(){var d=document,done=0;function add(u,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=u}else{e.type='module';e.src=u}e.crossOrigin='';d.head.appendChild(e)}function go(){if(done++)return;var l=JSON.parse(d.getElementById('${AFTER_LOAD_LIST_ID}').textContent);(function next(i){if(i<l.length){add(l[i],i);setTimeout(next,0,i+1)}})(0)}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}['pointerdown','keydown','touchstart'].forEach(function(t){addEventListener(t,go,{once:true,passive:true,capture:true})});if(d.readyState==='complete')later();else addEventListener('load',later,{once:true})})()`;

/** What a rendered page's document carries instead of the build's script tags: its head without them, and the list and loader for its end. */
export interface ScriptsAfterLoad {
  /** The template's head start without the entry's script and the start-up's modulepreloads. */
  headStart: string;
  /** The matched pages' styles (in the head, as they are needed to paint). */
  pageStyles: (modules: string[]) => string;
  /** The list and the loader, written before the body's end. */
  loader: (modules: string[]) => string;
}

const SCRIPT_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** A build's document with its scripts loaded after the page's load (decision 070). */
export function scriptsAfterLoad(template: DocumentTemplate, manifest: Manifest): ScriptsAfterLoad {
  const entry = [...template.headStart.matchAll(SCRIPT_TAG)].map((match) => match[1]!);
  const startUp = [...template.headStart.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
  if (entry.length !== 1) throw new Error(`index.html has ${entry.length} module scripts, not one entry`);
  const named = `${template.headStart}${template.bodyEnd}`;
  return {
    headStart: template.headStart.replace(SCRIPT_TAG, '').replace(PRELOAD_TAG, ''),
    pageStyles: (modules) => styleLinks(pageAssets(manifest, modules, named).css),
    loader: (modules) => {
      const list = [...entry, ...startUp, ...pageAssets(manifest, modules, named).js];
      // The list is data (never run); the loader's text is fixed, so its hash stays the CSP's.
      return `<script type="application/json" id="${AFTER_LOAD_LIST_ID}">${scriptJson(list)}</script><script>${SCRIPTS_AFTER_LOAD}</script>`;
    },
  };
}

/**
 * The document with the account service named in its head (a <meta>): the server is configured
 * with it (ACCOUNT_SERVICE_URL), and the browser sends a parent there to sign in (lib/app-config.ts).
 */
export function namingAccountService(template: DocumentTemplate, url: string): DocumentTemplate {
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { ...template, headStart: `${template.headStart}<meta name="${ACCOUNT_SERVICE_META}" content="${escaped}" />` };
}

/** The build's document and manifest, read once at start-up. */
export function loadBuild(dist: string): { template: DocumentTemplate; manifest: Manifest } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { template: templateOf(html), manifest };
}
