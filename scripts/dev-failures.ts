/**
 * The server's own errors under `npm start` (issue 45, decision 087), as a developer needs them: a
 * page module that does not load (a syntax error, `window` at its top level), a render that
 * throws, a loader that fails. Each is printed once in the terminal, short (its message, its code
 * frame, its frames outside node_modules), and shown in the page in Vite's error overlay, with its
 * file, line and column in the source (Vite's module runner maps the stacks of what it loads: no
 * ssrFixStacktrace, which would map them twice). Production's (src/server/failures.ts) logs the
 * error and sends the parents' 500 page instead; the dev server passes this one to the document
 * server (scripts/dev-server.ts).
 */
import path from 'node:path';

/** What Vite's ErrorOverlay (exported by /@vite/client) takes: its `error` message's err. */
/** The error in words: its stack, or (none of its frames the project's) its name and message. */
const described = (shown: OverlayError) => shown.stack || shown.message;

export interface OverlayError {
  message: string;
  stack: string;
  id?: string;
  frame?: string;
  plugin?: string;
  loc?: { file: string; line: number; column: number };
}

// eslint-disable-next-line no-control-regex -- the terminal's colour codes, in a transform error's message.
const ANSI = /\x1b\[[0-9;]*m/g;
const strip = (text: string) => text.replace(ANSI, '');

type Detailed = Error & {
  id?: string;
  frame?: string;
  plugin?: string;
  loc?: { file?: string; line: number; column: number };
  errors?: { loc?: { file?: string; line: number; column: number } }[];
};

/** A stack's frames in the project's own code: Vite's module runner and React's renderer say nothing of the bug. */
function ownFrames(stack: string): string[] {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => !/node_modules|node:internal|\(native\)/.test(line));
}

/** The error as the overlay shows it: the message without colours, the frames in the project's source. */
export function overlayError(error: unknown): OverlayError {
  const e: Detailed = error instanceof Error ? error : new Error(String(error));
  const message = strip(e.message);
  const header = `${e.name}: ${message}`;
  const frames = ownFrames(strip(e.stack ?? ''));
  // A plugin's error names its place (`loc`, as Vite's overlay reads it); Oxc's parse errors name it
  // inside, with a column from 0 where its own frame counts from 1.
  const inner = e.errors?.find((one) => one.loc)?.loc;
  const loc = e.loc ?? (inner && { ...inner, column: inner.column + 1 });
  const id = e.id;
  return {
    message,
    // A stack with no frame of the project's (a syntax error's) would only say the message again.
    stack: frames.length ? [header, ...frames].join('\n') : '',
    ...(id ? { id } : {}),
    ...(e.frame ? { frame: strip(e.frame) } : {}),
    ...(e.plugin ? { plugin: e.plugin } : {}),
    ...(loc && (loc.file ?? id) ? { loc: { file: (loc.file ?? id)!, line: loc.line, column: loc.column } } : {}),
  };
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The script that opens Vite's overlay over the page (the client is the dev server's own module). */
export function overlayScript(error: unknown): string {
  return `<script type="module">import { ErrorOverlay } from '/@vite/client';document.body.appendChild(new ErrorOverlay(${scriptJson(overlayError(error))}));</script>`;
}

/** The dev server's 500 page: the error as text (for curl, and a browser without scripts) under the overlay. */
export function overlayPage(error: unknown): string {
  const shown = overlayError(error);
  const where = shown.loc ? `${shown.loc.file}:${shown.loc.line}:${shown.loc.column}\n` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>服务器渲染出错 - npm start</title><script type="module" src="/@vite/client"></script></head><body><main style="max-width:60em;margin:2em auto;font-family:sans-serif"><h1>页面在服务器上出错 (npm start)</h1><pre style="white-space:pre-wrap">${escapeHtml(`${where}${shown.frame ? `${shown.frame}\n` : ''}${described(shown)}`)}</pre></main>${overlayScript(error)}</body></html>`;
}

/** The error as the terminal prints it: what failed, the message, the code frame and the project's frames. */
export function terminalText(what: string, error: unknown, root: string): string {
  const shown = overlayError(error);
  const relative = (text: string) => text.split(`${root}${path.sep}`).join('');
  const where = shown.loc ? `  at ${relative(shown.loc.file)}:${shown.loc.line}:${shown.loc.column}\n` : '';
  const frame = shown.frame ? `${shown.frame.replace(/^/gm, '  ')}\n` : '';
  return `${what}\n${where}${frame}${relative(described(shown))}`;
}

/**
 * The failures the dev server passes to the document server (src/server/failures.ts's
 * ServerFailures): `shown` tells the caller a page now shows an error, so it can reload the page
 * when a file changes (the broken module is not in the browser's module graph).
 */
export function devFailures({ root, print = (text: string) => console.error(text), shown = () => {} }: { root: string; print?: (text: string) => void; shown?: () => void }) {
  // React reports a render's error to onError, and the render's promise may reject with it again.
  const printed = new WeakSet<object>();
  return {
    log(what: string, error: unknown) {
      if (typeof error === 'object' && error !== null) {
        if (printed.has(error)) return;
        printed.add(error);
      }
      print(terminalText(what, error, root));
    },
    page(error: unknown) {
      shown();
      return overlayPage(error);
    },
    shown(error: unknown) {
      shown();
      return overlayScript(error);
    },
  };
}
