/**
 * The document around a rendered page: the template (a build's index.html, or the dev server's
 * transform of the source's) cut where the server writes, and what it names besides the page: the
 * styles and chunks of the page's modules, from the build's manifest or the dev server's module
 * graph (`PageAssets`). Both go through one shape (decision 070): a visitor with a session gets the
 * scripts in the head; a visitor without one gets only styles there, and the scripts in a list the
 * fixed inline loader adds once the page has loaded. So `npm start` serves the document a parent gets.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_SERVICE_META } from '../lib/app-config.ts';
import { DOCUMENT_END_ID } from '../lib/document-end.ts';
import { AFTER_LOAD_LIST_ID, CUT_DOCUMENT_RELOAD, EARLY_EVENTS, SCRIPTS_AFTER_LOAD } from './inline-scripts.ts';

export { AFTER_LOAD_LIST_ID, CUT_DOCUMENT_RELOAD, EARLY_EVENTS, EARLY_EVENTS_GLOBAL, INLINE_SCRIPTS, SCRIPTS_AFTER_LOAD } from './inline-scripts.ts';

export interface DocumentTemplate {
  /** Everything before `<title>` (doctype, head start, styles, the entry script, preloads). */
  headStart: string;
  /** The rest of the head after the template's own title. */
  headEnd: string;
  /** `<body>` up to the root element's content. */
  bodyStart: string;
  /** After the root element's content. */
  bodyEnd: string;
}

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

/** The styles and chunks (their addresses) a page's modules need beyond what the template names. */
export interface PageAssets {
  styles(modules: readonly string[]): string[];
  chunks(modules: readonly string[]): string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** A build's page assets: each module's chunk, the chunks it imports and their styles, from its manifest. */
export function manifestAssets(manifest: Manifest, template: DocumentTemplate): PageAssets {
  const named = `${template.headStart}${template.bodyEnd}`;
  const fresh = (file: string) => !named.includes(`/${file}"`);
  const walk = (modules: readonly string[]) => {
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
    return { css: [...css].filter(fresh).map((file) => `/${file}`), js: [...js].filter(fresh).map((file) => `/${file}`) };
  };
  return { styles: (modules) => walk(modules).css, chunks: (modules) => walk(modules).js };
}

const earlyEvents = `<script>${EARLY_EVENTS}</script>`;

const DOCUMENT_END = `<template id="${DOCUMENT_END_ID}"></template>`;
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/** The template with the cut-off check first in its head (after the charset, which must come first) and the end marker last in its body. */
function withEnd(template: DocumentTemplate): DocumentTemplate {
  const check = `<script>${CUT_DOCUMENT_RELOAD}</script>`;
  const headStart = CHARSET.test(template.headStart) ? template.headStart.replace(CHARSET, (meta) => meta + check) : template.headStart.replace(/<head[^>]*>/i, (head) => head + check);
  if (!headStart.includes(check)) throw new Error('index.html has no <head> to put the cut-off check in');
  if (!template.bodyEnd.includes('</body>')) throw new Error('index.html has no </body> to end with the end marker');
  return { ...template, headStart, bodyEnd: template.bodyEnd.replace('</body>', `${DOCUMENT_END}</body>`) };
}

/** A rendered page's document: the pieces around the page, for its modules, with the scripts now or after the load. */
export interface DocumentShape {
  template: DocumentTemplate;
  /** The head up to the title: the styles (and, `scriptsNow`, the scripts) the page needs. */
  headStart(modules: readonly string[], scriptsNow: boolean): string;
  /** After the root element: without `scriptsNow`, the list of scripts and the loader (decision 070). */
  bodyEnd(modules: readonly string[], scriptsNow: boolean): string;
}

const SCRIPT_TAG = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/g;
const PRELOAD_TAG = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g;

// Marked as the page's own (not every page's start-up), for the tests that tell them apart.
const styleLinks = (hrefs: string[]) => hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${href}" data-page>`).join('');
const preloadLinks = (hrefs: string[]) => hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}" data-page>`).join('');

/**
 * The shape of a template's documents. The entry is the template's last module script: in the
 * head of a build's, in the body of the source's (the dev server's, which names Vite's client in
 * its head: it goes after the entry, and the app's style modules import it).
 */
export function documentShape(source: DocumentTemplate, assets: PageAssets): DocumentShape {
  const template = withEnd(source);
  const scripts = [...template.headStart.matchAll(SCRIPT_TAG), ...template.bodyEnd.matchAll(SCRIPT_TAG)].map((match) => match[1]!);
  const startUp = [...template.headStart.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
  if (scripts.length === 0) throw new Error('index.html has 0 module scripts, not an entry');
  const scriptsLater = [scripts[scripts.length - 1]!, ...scripts.slice(0, -1), ...startUp];
  const headWithoutScripts = template.headStart.replace(SCRIPT_TAG, '').replace(PRELOAD_TAG, '');
  const bodyWithoutScripts = template.bodyEnd.replace(SCRIPT_TAG, '');
  return {
    template,
    // The early events' listener ends the head either way: a tap before the hydration is kept (decision 085).
    headStart: (modules, scriptsNow) =>
      scriptsNow ? template.headStart + styleLinks(assets.styles(modules)) + preloadLinks(assets.chunks(modules)) + earlyEvents : headWithoutScripts + styleLinks(assets.styles(modules)) + earlyEvents,
    bodyEnd: (modules, scriptsNow) => {
      if (scriptsNow) return template.bodyEnd;
      // The list is data (never run); the loader's text is fixed, so its hash stays the CSP's.
      const list = `<script type="application/json" id="${AFTER_LOAD_LIST_ID}">${scriptJson([...scriptsLater, ...assets.chunks(modules)])}</script><script>${SCRIPTS_AFTER_LOAD}</script>`;
      return bodyWithoutScripts.replace(`${DOCUMENT_END}</body>`, `${list}${DOCUMENT_END}</body>`);
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

/**
 * The build's document shape, read once at start-up, naming the account service the server is
 * configured with, and what else the server names in every head (`naming`: the beacon's sample rate).
 */
export function loadBuild(dist: string, accountService: string, naming: (template: DocumentTemplate) => DocumentTemplate = (template) => template): DocumentShape {
  const template = naming(namingAccountService(templateOf(readFileSync(path.join(dist, 'index.html'), 'utf8')), accountService));
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return documentShape(template, manifestAssets(manifest, template));
}
