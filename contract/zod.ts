/**
 * zod, as the contract and the app use it. In a browser zod runs jitless: it would otherwise
 * compile fast parsers with `new Function` (probing first whether eval is allowed), and under the
 * portal's Content-Security-Policy (script-src 'self', no 'unsafe-eval': deploy/nginx) the
 * probe alone is a reported violation. zod decides when a schema is built, so this must run
 * before any schema exists: every module of contract/ and src/ takes z from here (lint enforces
 * it). Node (the mock server, the tests of the mock) keeps the faster compiled parsers.
 *
 * It also installs the project's one error map (zod-messages.ts): plain Chinese for every issue.
 */
import { z } from 'zod';
import { zhMessage } from './zod-messages.ts';

// Chinese wherever a schema gives no message of its own (the mock's refusals, the app's checks).
z.config({ customError: zhMessage });
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
