/**
 * Where an error of the server's own goes (issue 45, decision 087): a page module that does not
 * load (a syntax error, `window` at a module's top level), a render that throws, a loader that
 * fails. Each is the real error, never one the browser-only code makes of it (src/app/chunk-reload.ts
 * rethrows on the server).
 *   - production (the default): logged once with its stack; a parent sees the Chinese 500 page when
 *     the page failed before its document started, and the browser's own error page when the
 *     document had started (decision 074: the browser draws and acts on a failure from there);
 *   - `npm start` (scripts/dev-server-failures.ts): printed once in the terminal, and shown in the
 *     page in Vite's error overlay.
 */

export interface ServerFailures {
  /** Logs an error of the server's: what failed (`[server] GET /path failed`), and the error. */
  log(what: string, error: unknown): void;
  /** The HTML of the 500 answer of a page that failed before its document started. */
  page(error: unknown): string;
  /** What a document that had started carries after a failure: nothing in production. */
  shown(error: unknown): string;
}

/** The parents' 500 page: Chinese, no stack, no script. */
export const FAILURE_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>出错了 - 少年儿童活动中心 · 报名服务平台</title></head><body><main style="max-width:40em;margin:4em auto;font-family:sans-serif"><h1>页面暂时无法显示</h1><p>服务器出了点问题，请稍后刷新重试；如果问题仍然存在，请拨打咨询电话。</p><p><a href="/">返回首页</a></p></main></body></html>`;

export const productionFailures: ServerFailures = {
  log: (what, error) => console.error(what, error),
  page: () => FAILURE_PAGE,
  shown: () => '',
};
