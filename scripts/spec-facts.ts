/**
 * Regenerates contract/spec-facts.json from the product spec, when it is at hand:
 *   npm run spec:facts -- --spec PATH/TO/SPEC.md           writes the file
 *   npm run spec:facts -- --spec PATH/TO/SPEC.md --check   exits 1 if the file is stale
 * The path may also come from SPEC_MD. The repository never looks for the spec by itself: it is
 * the product owner's document and may live anywhere, or nowhere, beside a clone.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractSpecFacts, formatSpecFacts } from './spec-facts-lib.ts';

const factsPath = fileURLToPath(new URL('../contract/spec-facts.json', import.meta.url));
const args = process.argv.slice(2);
const flag = args.indexOf('--spec');
const specPath = flag >= 0 ? args[flag + 1] : process.env.SPEC_MD;
if (!specPath) {
  console.error('spec:facts: give the spec with --spec PATH/TO/SPEC.md (or SPEC_MD=PATH)');
  process.exit(2);
}
const text = readFileSync(specPath, 'utf8');
const facts = extractSpecFacts(text, createHash('sha256').update(text).digest('hex'));
const formatted = formatSpecFacts(facts);
const summary = `${facts.calls.length} calls, ${facts.errorCodes.length} error codes, ${facts.enums.credentialType.length} credential types, ${facts.enums.gender.length} genders`;

if (args.includes('--check')) {
  const stored = readFileSync(factsPath, 'utf8');
  if (stored !== formatted) {
    console.error(`spec:facts: contract/spec-facts.json differs from ${specPath}; run npm run spec:facts -- --spec ${specPath}`);
    process.exit(1);
  }
  console.log(`spec:facts: contract/spec-facts.json matches ${specPath} (${summary})`);
} else {
  writeFileSync(factsPath, formatted);
  console.log(`spec:facts: wrote contract/spec-facts.json from ${specPath} (${summary})`);
}
