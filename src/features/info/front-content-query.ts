/** The notices the center edits in its back office (get_front_content), by module: front-content.tsx shows one. */
import { apiQuery } from '#src/lib/api/queries.ts';

/**
 * Module numbers of get_front_content. 9 is the payment notice (the contract says so); 1, the
 * brochure, is what the mock's content table holds: confirm it against the real back office.
 */
export const contentModules = { brochure: 1, paymentNotice: 9 } as const;

/** Failures are explained on the page, so a toast would only say it twice. */
export const frontContentQuery = (module: number) => apiQuery('get_front_content', { query: { module } }, { errorHandling: 'manual' });
