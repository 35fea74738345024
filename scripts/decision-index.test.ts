/**
 * docs/decisions/README.md is the index of the decision records: a row for every number up to the
 * highest record (a record, a gap, or a lab note moved to docs/perf/, named as one), each with its
 * status, and a superseded record says by what at its top (issue 27, item 4); every record says at
 * its top the status its row gives it (issue 40).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const records = new Map(
  readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((name) => [name.slice(0, 3), name]),
);

interface Row {
  number: string;
  link: string | undefined;
  status: string;
  line: string;
}

/** `| [001](001-x.md) title | accepted | what it decides |`, or a gap: `| 020 | gap | … |`. */
function rows(): Row[] {
  const text = readFileSync(path.join(folder, 'README.md'), 'utf8');
  return [...text.matchAll(/^\| (?:\[(\d{3})\]\(([^)]+)\)|(\d{3}))[^|]*\| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => ({
    number: (m[1] ?? m[3])!,
    link: m[2],
    status: m[4]!.trim(),
    line: m[5]!.trim(),
  }));
}

const STATUS = /^(accepted|gap|reserved|moved|superseded by (\d{3})|accepted; amended by (\d{3}(?:, \d{3})*))( \([^)]*\))?$/;

it('has a row for every number up to the highest record, in order, each once', () => {
  const numbers = rows().map((row) => row.number);
  const highest = Math.max(...[...records.keys()].map(Number));
  const expected = Array.from({ length: highest }, (_, i) => String(i + 1).padStart(3, '0'));
  expect(numbers.slice(0, highest)).toEqual(expected);
  expect(new Set(numbers).size, 'a number listed twice').toBe(numbers.length);
});

it('links every record by its file name, and names a gap only where there is no record', () => {
  const byNumber = new Map(rows().map((row) => [row.number, row]));
  for (const [number, file] of records) expect(byNumber.get(number)?.link, `row of ${file}`).toBe(file);
  for (const row of rows()) {
    if (row.link) expect(records.get(row.number), `${row.link} exists`).toBe(row.link);
    if (row.status === 'gap' || row.status === 'reserved' || row.status === 'moved') expect(records.has(row.number), `${row.number} is a record, not ${row.status}`).toBe(false);
  }
});

it('gives every row a status and a line, and a status names only listed records', () => {
  const listed = new Set(rows().map((row) => row.number));
  for (const row of rows()) {
    const m = STATUS.exec(row.status);
    expect(m, `${row.number}: status "${row.status}"`).not.toBeNull();
    for (const other of [m?.[2], ...(m?.[3]?.split(', ') ?? [])].filter(Boolean)) {
      expect(listed.has(other!), `${row.number} names ${other}`).toBe(true);
      expect(Number(other) > Number(row.number), `${row.number} is changed by a later record, not ${other}`).toBe(true);
    }
    expect(row.line.length, `${row.number}: what it decides`).toBeGreaterThan(10);
  }
});

it('has a superseded record say by what at its top', () => {
  for (const row of rows()) {
    const by = /^superseded by (\d{3})/.exec(row.status)?.[1];
    if (!by || !row.link) continue;
    const top = readFileSync(path.join(folder, row.link), 'utf8').split('\n').slice(0, 5).join('\n');
    expect(top, row.link).toMatch(new RegExp(`^Status: .*superseded by \\[?${by}`, 'mi'));
  }
});

/** A record's own `Status:` line (in its first lines), its links and emphasis taken off: `accepted; amended by 066. Measured…`. */
function statusLineOf(file: string): string | null {
  const line = readFileSync(path.join(folder, file), 'utf8')
    .split('\n')
    .slice(0, 8)
    .find((l) => l.startsWith('Status:'));
  return line === undefined
    ? null
    : line
        .slice('Status:'.length)
        .trim()
        .replace(/\*\*/g, '')
        .replace(/\[(\d{3})\]\([^)]*\)/g, '$1');
}

const RECORD_STATUS = /^(accepted; amended by \d{3}(?:, \d{3})*|superseded by \d{3}|accepted)\b/;

it('has each record say at its top the status its row gives it', () => {
  for (const row of rows().filter((r) => r.link)) {
    const line = statusLineOf(row.link!);
    expect(line, `${row.link} has no Status: line at its top`).not.toBeNull();
    expect(RECORD_STATUS.exec(line!)?.[1], `${row.link}: "${line}"`).toBe(row.status.replace(/ \([^)]*\)$/, ''));
  }
});

it('names where a lab note moved: a dated note of docs/perf/ that exists', () => {
  for (const row of rows().filter((r) => r.status === 'moved')) {
    const note = /\]\(\.\.\/perf\/([^)]+\.md)\)/.exec(row.line)?.[1];
    expect(note, `${row.number}: a link to docs/perf/`).toMatch(/^\d{4}-\d{2}-\d{2}-.+\.md$/);
    expect(existsSync(path.join(folder, '..', 'perf', note!)), `${row.number}: docs/perf/${note} exists`).toBe(true);
  }
});
