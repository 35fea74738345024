#!/usr/bin/env -S npx tsx
/**
 * `npm start`: the portal as it runs in production, rendered on the server, with the mock backend
 * in this same process, for developing offline (dev-server-lib.ts says how).
 *   npm run dev -- [--port 5173] [--scenario default] [--latency 200,800]
 * The static demo build (the mock in the browser) is `npm run build:demo` (README, modes).
 */
import { startDevServer } from './dev-server-lib.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const port = Number(opt('port', process.env.PORT ?? '5173'));
const latency = opt('latency', '0,0').split(',').map(Number) as [number, number];

const server = await startDevServer({ port, scenario: opt('scenario', 'default'), latency });
const { origin } = server;
console.log(`\n  少年儿童活动中心 · 报名服务平台 (npm start)`);
console.log(`  the portal, rendered on the server: ${origin}/`);
console.log(`  the mock backend, in this process: its control API under ${origin}/__mock/, its panel at ${origin}/__mock/ui (a world per mock_world cookie)`);
console.log(`  sign in: 登录/注册 on any page (the mock's account service, ${origin}/__mock/account/login, signs in whoever is picked there)`);
console.log(`  edits reload: pages by fast refresh, the server's render on the next request, the mock (mock-server/, fixtures/, contract/) on save\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
