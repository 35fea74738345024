/**
 * The mock backend's tables: one @msw/data collection per record schema of fixtures/records.ts.
 * A record that drifts from its schema throws on create or update.
 */
import { Collection } from '@msw/data';
import type { z } from 'zod';
import { tableNames, tables, type Row, type Snapshot, type TableName, type Tables } from '#fixtures/records';

export type { Row, Snapshot, TableName };
export type Db = { [K in TableName]: Collection<Tables[K]> };
export function createDb(): Db {
  return Object.fromEntries(tableNames.map((name) => [name, new Collection({ schema: tables[name] })])) as unknown as Db;
}

/** Strips @msw/data's internals, leaving the records as JSON. */
export function snapshotOf(db: Db): Snapshot {
  return Object.fromEntries(tableNames.map((name) => [name, JSON.parse(JSON.stringify(db[name].all()))])) as Snapshot;
}

/** Replaces every table with the snapshot's rows; each row is checked by its schema. */
export async function restore(db: Db, snapshot: Partial<Snapshot>): Promise<void> {
  for (const name of tableNames) {
    db[name].clear();
    for (const row of snapshot[name] ?? []) await (db[name] as Collection<z.ZodType>).create(row);
  }
}

/** Next integer id of a table (max + 1), so ids stay deterministic for a seed. */
export function nextId(rows: readonly { id: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}
