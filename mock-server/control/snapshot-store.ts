/**
 * The standalone server's snapshots: one JSON file per name in a folder (by default outside the
 * repository, ~/.local/share/children-center-mock/snapshots/; --snapshots fixtures/snapshots keeps
 * them where a team can commit them). Writes go to a temporary file that is then
 * renamed, so a reader never sees half a file; two saves of one name at once: the second is
 * refused, never interleaved.
 */
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SNAPSHOT_MAX_BYTES, SNAPSHOT_NAME, SnapshotError, formatSnapshotFile, parseSnapshotFile, type SnapshotFile } from './snapshot-file.ts';

/** Where snapshots go unless --snapshots or MOCK_SNAPSHOTS says: outside the repository. */
export function defaultSnapshotDir(env: { MOCK_SNAPSHOTS?: string; XDG_DATA_HOME?: string } = { MOCK_SNAPSHOTS: process.env.MOCK_SNAPSHOTS, XDG_DATA_HOME: process.env.XDG_DATA_HOME }): string {
  if (env.MOCK_SNAPSHOTS) return path.resolve(env.MOCK_SNAPSHOTS);
  const data = env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return path.join(data, 'children-center-mock', 'snapshots');
}
export const DEFAULT_SNAPSHOT_DIR = defaultSnapshotDir();

export interface SnapshotSummary {
  name: string;
  taken_at: string;
  scenario: string;
  seed: number;
  now: string;
  bytes: number;
  /** The world that saved it (absent in a file saved elsewhere). */
  world: string | null;
}

export function checkSnapshotName(name: string): void {
  if (!SNAPSHOT_NAME.test(name) || name.endsWith('.json')) {
    throw new SnapshotError(400, `快照名称「${name.slice(0, 80)}」不合规：只能用字母、数字、-、_ 和 .（不以 . 开头、不带 .json），最长 64 个字符`);
  }
}

export class SnapshotStore {
  private readonly saving = new Set<string>();

  constructor(readonly dir: string = DEFAULT_SNAPSHOT_DIR) {}

  private fileOf(name: string): string {
    checkSnapshotName(name);
    return path.join(this.dir, `${name}.json`);
  }

  async has(name: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(name))).isFile();
    } catch (error) {
      if (error instanceof SnapshotError) throw error;
      return false;
    }
  }

  /**
   * Writes a snapshot. An existing name needs `overwrite`; one another world saved (or nobody
   * recorded) needs `force` too, as its deletion does: "overwrite" says "I mean to replace mine".
   */
  async save(file: SnapshotFile, options: { overwrite?: boolean; force?: boolean } = {}): Promise<SnapshotSummary> {
    const target = this.fileOf(file.name);
    if (this.saving.has(file.name)) throw new SnapshotError(409, `快照「${file.name}」正在保存中，请稍后再试`);
    this.saving.add(file.name);
    try {
      if (await this.has(file.name)) {
        if (!options.overwrite) throw new SnapshotError(409, `快照「${file.name}」已存在：换一个名称，或带上 "overwrite": true 覆盖它`);
        const owner = await this.owner(file.name);
        if (!options.force && owner !== (file.world ?? null)) {
          throw new SnapshotError(403, `快照「${file.name}」属于世界「${owner ?? '（未记录）'}」，你在「${file.world ?? '（未记录）'}」：要覆盖别人的，请加 ?force=true`);
        }
      }
      const text = formatSnapshotFile(file);
      const bytes = Buffer.byteLength(text);
      if (bytes > SNAPSHOT_MAX_BYTES) throw new SnapshotError(413, `快照过大（${Math.round(bytes / 1024 / 1024)} MB），上限 ${SNAPSHOT_MAX_BYTES / 1024 / 1024} MB`);
      await mkdir(this.dir, { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, target);
      return summaryOf(file, bytes);
    } finally {
      this.saving.delete(file.name);
    }
  }

  async read(name: string): Promise<SnapshotFile> {
    const file = this.fileOf(name);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      throw new SnapshotError(404, `没有名为「${name}」的快照。GET /__mock/snapshots 列出现有的快照`);
    }
    if (size > SNAPSHOT_MAX_BYTES) throw new SnapshotError(413, `快照「${name}」过大（${Math.round(size / 1024 / 1024)} MB），上限 ${SNAPSHOT_MAX_BYTES / 1024 / 1024} MB`);
    const parsed = parseSnapshotFile(await readFile(file, 'utf8'), `快照「${name}」`);
    if (parsed.name !== name) return { ...parsed, name };
    return parsed;
  }

  async list(): Promise<SnapshotSummary[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
    } catch {
      return [];
    }
    const summaries: SnapshotSummary[] = [];
    for (const name of names.sort()) {
      if (!SNAPSHOT_NAME.test(name)) continue;
      try {
        const text = await readFile(path.join(this.dir, `${name}.json`), 'utf8');
        const head = JSON.parse(text) as Partial<SnapshotFile>;
        summaries.push({
          name,
          taken_at: String(head.taken_at ?? ''),
          scenario: String(head.scenario?.name ?? ''),
          seed: Number(head.scenario?.seed ?? 0),
          now: String(head.clock?.now ?? ''),
          bytes: Buffer.byteLength(text),
          world: typeof head.world === 'string' ? head.world : null,
        });
      } catch {
        summaries.push({ name, taken_at: '', scenario: '(无法读取)', seed: 0, now: '', bytes: 0, world: null });
      }
    }
    return summaries;
  }

  /** The world that saved a snapshot (null: saved elsewhere, or unreadable). */
  async owner(name: string): Promise<string | null> {
    if (!(await this.has(name))) throw new SnapshotError(404, `没有名为「${name}」的快照。GET /__mock/snapshots 列出现有的快照`);
    try {
      const head = JSON.parse(await readFile(this.fileOf(name), 'utf8')) as Partial<SnapshotFile>;
      return typeof head.world === 'string' ? head.world : null;
    } catch {
      return null;
    }
  }

  async delete(name: string): Promise<void> {
    if (!(await this.has(name))) throw new SnapshotError(404, `没有名为「${name}」的快照。GET /__mock/snapshots 列出现有的快照`);
    await rm(this.fileOf(name));
  }
}

function summaryOf(file: SnapshotFile, bytes: number): SnapshotSummary {
  return { name: file.name, taken_at: file.taken_at, scenario: file.scenario.name, seed: file.scenario.seed, now: file.clock.now, bytes, world: file.world ?? null };
}
