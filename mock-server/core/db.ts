/**
 * The mock backend's tables: one @msw/data collection per record schema of fixtures/records.ts.
 * A record that drifts from its schema throws on create or update.
 */
import { Collection } from '@msw/data';
import type { z } from 'zod';
import { tableNames, tables, type Row, type Snapshot, type TableName, type Tables } from '#fixtures/records';

export type { Row, Snapshot, TableName };
export type Db = { [K in TableName]: Collection<Tables[K]> };

/** While set, rows are taken as they are: see restore's `trusted`. */
let trusting = false;

/**
 * The table's schema as @msw/data sees it: zod's check on every create and update, skipped
 * only while restoring rows this same build already checked.
 */
function trustable<S extends z.ZodType>(schema: S): S {
  const standard = schema['~standard'];
  const validate: typeof standard.validate = (value) => (trusting ? { value: value as z.output<S> } : standard.validate(value));
  return { '~standard': { ...standard, validate } } as unknown as S;
}

export function createDb(): Db {
  return Object.fromEntries(tableNames.map((name) => [name, new Collection({ schema: trustable(tables[name]) })])) as unknown as Db;
}

/** Strips @msw/data's internals, leaving the records as JSON. */
export function snapshotOf(db: Db): Snapshot {
  return Object.fromEntries(tableNames.map((name) => [name, JSON.parse(JSON.stringify(db[name].all()))])) as Snapshot;
}

/**
 * Replaces every table with the snapshot's rows; each row is checked by its schema, unless the
 * snapshot is `trusted`: taken from these very tables (a rollback after a refusal) or saved by
 * this same build. Checking 1,300 rows again costs a page load of the browser mock ~75 ms of
 * main thread, four times that on a slow machine, for nothing.
 */
export async function restore(db: Db, snapshot: Partial<Snapshot>, options: { trusted?: boolean } = {}): Promise<void> {
  for (const name of tableNames) db[name].clear();
  // Every create reads `trusting` synchronously, before its first await: starting them all in one
  // synchronous loop means no other request's create can run while the flag is set. They finish
  // in the order they started, so rows keep their order.
  const created: Promise<unknown>[] = [];
  trusting = options.trusted ?? false;
  try {
    for (const name of tableNames) {
      for (const row of snapshot[name] ?? []) created.push((db[name] as Collection<z.ZodType>).create(row));
    }
  } finally {
    trusting = false;
  }
  await Promise.all(created);
}

/** Next integer id of a table (max + 1), so ids stay deterministic for a seed. */
export function nextId(rows: readonly { id: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}
