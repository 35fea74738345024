/**
 * The standalone mock API's command line (`npm run mock:serve`): reads the flags and starts the
 * server (./http/server.ts) on 127.0.0.1:8787. The server, its handler and the parts it answers
 * with live in ./http/ (docs/mock.md: "The standalone mock API").
 *
 *   npm run mock:serve -- [--port 8787] [--host 127.0.0.1] [--scenario default] [--seed 1]
 *                            [--latency MIN,MAX] [--spec-only] [--journal-size 200] [--static dist] [--snapshots DIR]
 *                            [--max-worlds 50] [--world-idle-minutes 60] [--quiet]
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_BASE_PATH } from '#contract/index';
import { readFlags } from './cli.ts';
import { ACCOUNT_LOGIN_PATH, OSS_BASE_URL, PAY_WS_PATH, SERVICE_PARAM } from './core/config.ts';
import { JOURNAL_MAX_SIZE, JOURNAL_SIZE } from './core/journal.ts';
import { DEFAULT_MAX_WORLDS, DEFAULT_WORLD_IDLE_MINUTES } from './http/host.ts';
import { PANEL_PATH } from './http/panel-page.ts';
import { DEFAULT_HOST, DEFAULT_PORT, startMockServer, type RunningMockServer, type ServeOptions } from './http/server.ts';
import { DEFAULT_WORLD, WORLD_COOKIE, WORLD_PARAM } from './http/worlds.ts';

// The server itself, for scripts and tests that start it in-process.
export { startMockServer, type RunningMockServer, type ServeOptions };

export const USAGE = `用法：npm run mock:serve -- [选项]
  --port N                  端口（默认 ${DEFAULT_PORT}）
  --host HOST               监听地址（默认 ${DEFAULT_HOST}）
  --scenario NAME           每个世界开始时的场景（默认 default；GET /__mock/scenarios 列出全部）
  --seed N                  场景的随机种子（默认 1）
  --latency MIN,MAX         每个接口应答的随机延迟，毫秒（默认 0）
  --spec-only               只应答规格 §7 的接口：项目自己的接口答 404，提议的请求字段被忽略（决定 057）
  --journal-size N          每个世界的请求记录保留多少条（默认 ${JOURNAL_SIZE}，最多 ${JOURNAL_MAX_SIZE}；设置 journal_size 可改单个世界）
  --static DIR              同时提供构建好的前端（如 dist），带 SPA 回退
  --snapshots DIR           快照保存的目录（默认 $MOCK_SNAPSHOTS，否则 ~/.local/share/children-center-mock/snapshots；
                            fixtures/snapshots 可把快照留在仓库里提交）
  --max-worlds N            默认世界之外最多几个世界（默认 ${DEFAULT_MAX_WORLDS}）
  --world-idle-minutes N    闲置多久的世界被回收（默认 ${DEFAULT_WORLD_IDLE_MINUTES}）
  --quiet                   不逐条打印请求
  --help                    显示本说明`;

export function parseArgs(argv: string[]): ServeOptions & { help?: boolean; quiet?: boolean } {
  const options: ServeOptions & { help?: boolean; quiet?: boolean } = {};
  readFlags(argv, USAGE, (flag) => {
    switch (flag.name) {
      case '--port':
        options.port = flag.integer();
        break;
      case '--host':
        options.host = flag.value();
        break;
      case '--scenario':
        options.scenario = flag.value();
        break;
      case '--seed':
        options.seed = flag.integer();
        break;
      case '--latency': {
        const parts = flag
          .value()
          .split(',')
          .map((p) => flag.integer(p.trim()));
        const [min = 0, max = min] = parts;
        if (parts.length > 2 || max < min) flag.fail('--latency 应为 MIN,MAX（毫秒），如 100,400');
        options.latency = [min, max];
        break;
      }
      case '--spec-only':
        options.specOnly = true;
        break;
      case '--journal-size': {
        const size = flag.integer();
        if (size < 1 || size > JOURNAL_MAX_SIZE) flag.fail(`--journal-size 应为 1–${JOURNAL_MAX_SIZE}，收到 ${size}`);
        options.journalSize = size;
        break;
      }
      case '--static':
        options.staticDir = flag.value();
        break;
      case '--snapshots':
        options.snapshotDir = path.resolve(flag.value());
        break;
      case '--max-worlds':
        options.maxWorlds = flag.integer();
        break;
      case '--world-idle-minutes':
        options.worldIdleMs = flag.integer() * 60_000;
        break;
      case '--quiet':
        options.quiet = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        flag.fail(`未知参数：${flag.arg}`);
    }
  });
  return options;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  let running: RunningMockServer;
  try {
    running = await startMockServer({ ...options, ...(options.quiet ? { log: null } : {}) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = code === 'EADDRINUSE' ? `端口 ${options.port ?? DEFAULT_PORT} 已被占用，换一个：--port 8788` : error instanceof Error ? error.message : String(error);
    console.error(`模拟后端启动失败：${message}`);
    process.exit(1);
  }
  const { url, state } = running;
  const [min, max] = state.settings.latencyMs;
  console.log(
    [
      `模拟后端 API 已启动：${url}`,
      `  场景 ${state.scenario.name}（seed ${state.scenario.seed}），模拟时间 ${state.nowIso()}（运行中），延迟 ${min}–${max} ms${state.settings.specOnly ? '，仅规格接口（--spec-only）' : ''}`,
      `  接口   ${url}${API_BASE_PATH}…（请求头 X-Mock-World 或 cookie ${WORLD_COOKIE} 选择世界，默认 ${DEFAULT_WORLD}）`,
      `  支付   ws://${url.slice('http://'.length)}${PAY_WS_PATH}`,
      `  控制   ${url}/__mock/scenarios | reset | state | requests | faults | clock | payments[/{trade_no}] | login | parents | settings | worlds | snapshots`,
      `  面板   ${url}${PANEL_PATH}（世界、请求记录、故障、时钟、支付、设置、快照；首次打开时构建，约几秒）`,
      `  快照   ${running.snapshots.dir}`,
      `  登录页 ${url}${ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=…`,
      `  文件   ${url}${OSS_BASE_URL}…`,
      options.staticDir ? `  前端   ${path.resolve(options.staticDir)}（SPA 回退；?${WORLD_PARAM}=名称 让这个浏览器进入某个世界）` : '  前端   未提供（--static dist 可一并提供构建好的前端）',
      '  Ctrl+C 停止。',
    ].join('\n'),
  );
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void main();
}

export const SERVE_FILE = fileURLToPath(import.meta.url);
