/**
 * docs/mock.md kept true (issue 28): every control call, setting, fault field, journal filter and
 * verification field, network fault and command-line flag of mock:serve and mock:record is in its
 * tables, and nothing else is; every time rule and limit says the value the code has. (The curl
 * walkthroughs are run by walkthrough.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVOICE_ISSUE_MS, INVOICE_MAIL_MS, ORDER_AFTER_ADMISSION_MS, ORDER_AFTER_SIGN_UP_MS, REFUND_ACCEPT_MS, REFUND_PAY_BACK_MS } from '#fixtures/rules';
import { DAY, HOUR, MINUTE } from '#fixtures/time';
import { CLOCK_MAX_ADVANCE_MS, LATENCY_MAX_MS, settingsSchema } from './control/operations.ts';
import { NEAR_MISSES, REQUESTS_DEFAULT_LIMIT, requestsQuerySchema, verifySchema } from './control/requests.ts';
import { SNAPSHOT_MAX_BYTES } from './control/snapshot-file.ts';
import { TRICKLE_BYTES } from './core/answer.ts';
import { TOKEN_GRACE_MS } from './core/auth.ts';
import { FAULTS_PENDING, FAULT_MAX_DELAY_MS, NETWORK_FAULTS, TRICKLE_DEFAULT_MS, faultSpecSchema } from './core/faults.ts';
import { JOURNAL_BODY_CHARS, JOURNAL_MAX_SIZE, JOURNAL_SIZE } from './core/journal.ts';
import { JSON_MAX_DEPTH } from './core/json-depth.ts';
import { MATCH_MAX_FIELDS, MATCH_MAX_PATTERN } from './core/matcher.ts';
import { defaultSettings } from './core/state.ts';
import { controlRoutes } from './http/control-routes.ts';
import { DEFAULT_MAX_WORLDS, DEFAULT_WORLD_IDLE_MINUTES } from './http/host.ts';
import { CONTROL_MAX_BODY_BYTES, MAX_BODY_BYTES } from './http/io.ts';
import { DEFAULT_PORT } from './http/server.ts';
import { RECORD_USAGE } from './record.ts';
import { INVOICE_WINDOW_MS } from './rules/invoices.ts';
import { REVIEW_DELAY_MS } from './rules/account-time.ts';
import { TICKET_TTL_MS } from './rules/tickets.ts';
import { CAPTCHA_TTL_MS, CODE_TTL_MS, RESEND_AFTER_MS, VERIFY_TOKEN_TTL_MS } from './rules/verification-codes.ts';
import { USAGE } from './serve.ts';

const guide = readFileSync(path.join(import.meta.dirname, '..', 'docs', 'mock.md'), 'utf8');

/** The rows of the first table after `heading` (its first cell, and the others). */
function rowsAfter(heading: string, skipTables = 0): string[][] {
  const start = guide.indexOf(heading);
  if (start < 0) throw new Error(`docs/mock.md has no "${heading}"`);
  const tables = guide
    .slice(start)
    .split(/\n\n/)
    .filter((block) => block.trimStart().startsWith('|'));
  return tables[skipTables]!.trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}
const firstCells = (rows: string[][]) => rows.map((row) => row[0]!.replace(/^`|`$/g, ''));
const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape).sort();

/** A duration as the time-rules table writes it: 1 h, 60 s, 5 min, 90 days. */
function duration(ms: number): string {
  if (ms >= 30 * DAY) return `${ms / DAY} days`;
  if (ms >= HOUR) return `${ms / HOUR} h`;
  if (ms >= MINUTE) return `${ms / MINUTE} min`;
  return `${ms / 1000} s`;
}

describe('docs/mock.md', () => {
  it('lists every control call, and no other', () => {
    const documented = firstCells(rowsAfter('#### Control calls')).map((cell) => cell.replace(/\?.*$/, ''));
    const routes = controlRoutes({} as never, {} as never).map((r) => `${r.method} /__mock/${r.path}`);
    expect(documented.filter((call) => !['GET /__mock/account/login', 'GET /__mock/ui'].includes(call)).sort()).toEqual([...new Set(routes)].sort());
  });

  it('lists every field of the settings, a fault, the journal’s filters and a verification, and the network’s faults', () => {
    expect(firstCells(rowsAfter('**Settings**')).sort()).toEqual(keysOf(settingsSchema));
    expect(firstCells(rowsAfter('#### Faults and fixed answers')).sort()).toEqual(keysOf(faultSpecSchema));
    expect(firstCells(rowsAfter('**Faults of the network**'))).toEqual([...NETWORK_FAULTS]);
    expect(firstCells(rowsAfter('#### The request journal')).sort()).toEqual(keysOf(requestsQuerySchema));
    expect(firstCells(rowsAfter('#### The request journal', 1)).sort()).toEqual(keysOf(verifySchema));
  });

  it('lists every flag of mock:serve and mock:record', () => {
    const flagsOf = (usage: string) => [...usage.matchAll(/^\s+(--[a-z-]+)/gm)].map((m) => m[1]!).sort();
    const documented = (heading: string) =>
      firstCells(rowsAfter(heading))
        .map((cell) => cell.split(' ')[0]!)
        .sort();
    expect(documented('### The standalone mock API')).toEqual(flagsOf(USAGE));
    expect(documented('### Recording a backend')).toEqual(flagsOf(RECORD_USAGE));
  });

  it('says each time rule as the mock applies it', () => {
    const rules = new Map(rowsAfter('#### Time rules').map(([rule, after]) => [rule!, after!]));
    const expected: [string, number][] = [
      ['a refund is 处理中', REFUND_ACCEPT_MS],
      ['a refund is 已退费', REFUND_PAY_BACK_MS],
      ['an invoice is issued', INVOICE_ISSUE_MS],
      ['a paper invoice is mailed', INVOICE_MAIL_MS],
      ['a session’s access token expires', defaultSettings.tokenTtlMs],
      ['a replaced token is still answered', TOKEN_GRACE_MS],
      ['a service ticket expires', TICKET_TTL_MS],
      ['an SMS or mailbox code, and a captcha, expire', Math.max(CODE_TTL_MS, CAPTCHA_TTL_MS)],
      ['another code may be sent', RESEND_AFTER_MS],
      ['a verified code’s proof', VERIFY_TOKEN_TTL_MS],
      ['a first-come or 秒杀 sign-up without an order lapses', ORDER_AFTER_SIGN_UP_MS],
      ['an admitted lottery or interview sign-up must be ordered', ORDER_AFTER_ADMISSION_MS],
      ['a contact’s or real-name review is decided', REVIEW_DELAY_MS],
      ['an invoice may be applied for', INVOICE_WINDOW_MS],
    ];
    expect(CODE_TTL_MS).toBe(CAPTCHA_TTL_MS);
    for (const [rule, ms] of expected) {
      const row = [...rules].find(([text]) => text.replaceAll("'", '’').startsWith(rule));
      expect(row, rule).toBeDefined();
      expect(row![1], rule).toContain(duration(ms));
    }
  });

  it('says each limit and default as the mock has it', () => {
    const limits = new Map(rowsAfter('#### Limits and defaults').map(([what, value]) => [what!, value!]));
    const MB = 1024 * 1024;
    expect(Object.fromEntries(limits)).toEqual({
      'worlds besides `default`': String(DEFAULT_MAX_WORLDS),
      'an unused world is dropped after (minutes)': String(DEFAULT_WORLD_IDLE_MINUTES),
      'calls kept in a world’s journal (`--journal-size`, the setting `journal_size`)': String(JOURNAL_SIZE),
      'the largest journal (calls)': String(JOURNAL_MAX_SIZE),
      'near misses a failed verification lists': String(NEAR_MISSES),
      'characters of a body or answer kept per call': String(JOURNAL_BODY_CHARS),
      'calls listed by the journal without a limit': String(REQUESTS_DEFAULT_LIMIT),
      'faults pending in one world (and in one call)': String(FAULTS_PENDING),
      'fields per part of a pattern': String(MATCH_MAX_FIELDS),
      'characters of a pattern': String(MATCH_MAX_PATTERN),
      'a fault’s longest delay (ms)': String(FAULT_MAX_DELAY_MS),
      'bytes per piece of a trickling body': String(TRICKLE_BYTES),
      'a trickle’s default pause (ms)': String(TRICKLE_DEFAULT_MS),
      'the clock’s longest move (ms)': String(CLOCK_MAX_ADVANCE_MS),
      'the slowest latency setting (ms)': String(LATENCY_MAX_MS),
      'an API call’s body (MB)': String(MAX_BODY_BYTES / MB),
      'a control call’s body (MB)': String(CONTROL_MAX_BODY_BYTES / MB),
      'levels a body may nest (an API call’s, a control call’s, a snapshot file)': String(JSON_MAX_DEPTH),
      'a snapshot file (MB)': String(SNAPSHOT_MAX_BYTES / MB),
      'the default port': String(DEFAULT_PORT),
    });
  });
});
