/**
 * The mock as a hostile backend (decision 046): with the setting `hostileLinks`, every link field
 * of every answer (contract/link-fields.ts), empty ones too, carries one of the given URLs, in
 * turn. The XSS journeys plant `javascript:` and `data:` links this way, in the snapshot they
 * already edit: the tables themselves refuse such a link, as a sound backend would.
 */
import { z } from 'zod';
import { mapLinks } from '#contract/link-fields';
import type { z as contractZ } from '#contract/zod';

export const hostileLinksSchema = z.array(z.string().max(2000)).min(1, '至少提供一个链接').max(100).nullable();

/** The encoded answer with every link position replaced by the next of `links`. */
export function plantHostileLinks(response: contractZ.ZodType, data: unknown, links: readonly string[]): unknown {
  let next = 0;
  return mapLinks(response, data, () => links[next++ % links.length]);
}
