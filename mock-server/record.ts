/**
 * `npm run mock:record -- --upstream URL`: the recording proxy's command line (./http/recorder.ts).
 * Point the portal (or curl, or a test) at the proxy, work, then Ctrl+C (or POST /__record/save):
 * the session is saved as a snapshot and as stubs, every answer checked against the contract.
 *
 *   npm run mock:record -- --upstream https://staging.example.org [--port 8789] [--name NAME]
 *                             [--snapshots DIR] [--stubs FILE] [--scenario empty] [--overwrite] [--quiet]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFlags } from './cli.ts';
import { RECORDER_PREFIX, startRecorder, type Recorder, type RecorderOptions } from './http/recorder.ts';

export const RECORD_USAGE = `用法：npm run mock:record -- --upstream URL [选项]
  --upstream URL     要录制的后端（如 https://staging.example.org，或 http://127.0.0.1:8787 的独立模拟后端）
  --port N           代理监听的端口（默认 8789）
  --host HOST        代理监听的地址（默认 127.0.0.1）
  --name NAME        录制的名称：快照名和桩文件名（默认 recording-日期时间）
  --snapshots DIR    快照保存的目录（默认同 mock:serve：MOCK_SNAPSHOTS 或 ~/.local/share/children-center-mock/snapshots）
  --stubs FILE       桩文件（默认快照目录旁的 recordings/NAME.json）
  --scenario NAME    上游不是模拟后端时，快照的基础数据（默认 empty）
  --overwrite        覆盖同名的快照和桩文件（不带时，已存在的名称在启动时即被拒绝）
  --quiet            不逐条打印契约检查
  --help             显示本说明`;

export function parseRecordArgs(argv: string[]): RecorderOptions & { help?: boolean } {
  const options: Partial<RecorderOptions> & { help?: boolean } = {};
  const fail = (message: string): never => {
    throw new Error(`${message}\n\n${RECORD_USAGE}`);
  };
  readFlags(argv, RECORD_USAGE, (flag) => {
    if (flag.name === '--upstream') options.upstream = flag.value();
    else if (flag.name === '--port') options.port = flag.integer();
    else if (flag.name === '--host') options.host = flag.value();
    else if (flag.name === '--name') options.name = flag.value();
    else if (flag.name === '--snapshots') options.snapshotDir = path.resolve(flag.value());
    else if (flag.name === '--stubs') options.stubsFile = path.resolve(flag.value());
    else if (flag.name === '--scenario') options.scenario = flag.value();
    else if (flag.name === '--overwrite') options.overwrite = true;
    else if (flag.name === '--quiet') options.log = null;
    else if (flag.name === '--help' || flag.name === '-h') options.help = true;
    else flag.fail(`未知参数：${flag.arg}`);
  });
  if (!options.help && !options.upstream) fail('请用 --upstream 指定要录制的后端');
  if (options.upstream && !/^https?:\/\//.test(options.upstream)) fail(`--upstream 应为 http(s):// 地址，收到 ${options.upstream}`);
  return options as RecorderOptions & { help?: boolean };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseRecordArgs>;
  try {
    options = parseRecordArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (options.help) return void console.log(RECORD_USAGE);
  let recorder: Recorder;
  try {
    recorder = await startRecorder(options);
  } catch (error) {
    console.error(`录制代理未启动：${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  console.log(
    [
      `录制代理已启动：${recorder.url} → ${options.upstream}`,
      `  把门户或脚本指向它；每个接口应答都按契约检查（drift 行同 contract:probe）。`,
      `  Ctrl+C 或 POST ${recorder.url}${RECORDER_PREFIX}save 保存为快照和桩（不含任何令牌、密码、票据、验证码）。`,
    ].join('\n'),
  );
  const stop = () =>
    void recorder
      .save()
      .then(() => recorder.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`保存失败：${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) void main();
