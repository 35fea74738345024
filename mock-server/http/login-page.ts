/** The mock account service's login page, server-rendered from the browser page's component. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SERVICE_PARAM } from '../core/config.ts';
import { ControlError } from '../control/input.ts';
import { listParents, login } from '../control/operations.ts';
import { LOGIN_PAGE_CSS, LOGIN_PAGE_TITLE, LoginPage, mainParentOf, type LoginPageProps } from '../ui/login-page.tsx';
import { checkPassword, resolveService, withTicket } from '../ui/service.ts';
import type { World } from './worlds.ts';
import { readBody, sendText } from './io.ts';

function loginPageHtml(props: LoginPageProps): string {
  const body = renderToStaticMarkup(createElement(LoginPage, props));
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${LOGIN_PAGE_TITLE}</title>
<style>body{margin:0}${LOGIN_PAGE_CSS}</style>
</head>
<body>${body}</body>
</html>`;
}

/** GET shows the page; its forms POST back, and a chosen parent goes to the service with a ticket. */
export async function handleLoginPage(req: IncomingMessage, res: ServerResponse, url: URL, world: World): Promise<void> {
  const state = world.state;
  const origin = url.origin;
  const service = url.searchParams.get(SERVICE_PARAM);
  const target = resolveService(service, origin);
  const render = (status: number, extra: Partial<LoginPageProps> = {}) =>
    sendText(res, status, 'text/html', loginPageHtml({ parents: listParents(state), service, target, scenario: state.scenario.name, mainParent: mainParentOf(state.scenario.name), ...extra }));
  if (req.method === 'GET' || req.method === 'HEAD') return render(target.ok ? 200 : 400);
  if (req.method !== 'POST') return sendText(res, 405, 'text/plain', '只支持 GET 和 POST');
  if (!target.ok) return render(400);
  const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
  const username = (form.get('username') ?? '').trim();
  if (form.get('mode') === 'password') {
    const problem = checkPassword(state.db.parents.all(), username, form.get('password') ?? '');
    if (problem) return render(401, { error: problem, username });
  }
  try {
    const { ticket } = await login(state, { username });
    res.writeHead(303, { location: withTicket(target.url, ticket) });
    res.end();
  } catch (error) {
    render(error instanceof ControlError ? error.status : 500, { error: error instanceof Error ? error.message : String(error), username });
  }
}
