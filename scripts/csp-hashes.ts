// Writes the CSP's script-src into deploy/nginx/children-center/headers.conf from the inline
// scripts the document server writes (src/server/csp.ts): after a change to one, run
//   npm run csp:hashes
// instead of copying a hash by hand. `--check` only says whether it is up to date (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withScriptSrc } from '../src/server/csp.ts';

const file = fileURLToPath(new URL('../deploy/nginx/children-center/headers.conf', import.meta.url));
const before = readFileSync(file, 'utf8');
const after = withScriptSrc(before);
if (process.argv.includes('--check')) {
  console.log(before === after ? 'csp:hashes: headers.conf is up to date' : 'csp:hashes: headers.conf names other hashes; run npm run csp:hashes');
  process.exit(before === after ? 0 : 1);
}
if (before !== after) writeFileSync(file, after);
console.log(before === after ? 'csp:hashes: headers.conf was up to date' : 'csp:hashes: wrote script-src into deploy/nginx/children-center/headers.conf');
