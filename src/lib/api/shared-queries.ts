/**
 * Calls the chrome and several pages read, each stated once with how it is handled: what a page
 * renders and what a route declares (route-data.ts) are the same query.
 */
import type { ErrorHandling } from './error-effects.ts';
import { apiQuery } from './queries.ts';

/** The center's information (the footer, the side tool, notices): it changes rarely, kept for the visit. */
export const siteInformationQuery = () => apiQuery('site_information', {}, { staleTime: Infinity });

/** The class categories and their specialties (the category menu, the search filters, the brochure). */
export const classCategoryQuery = () => apiQuery('class_category', {});

/** The center's settings (the term, the payment socket's address); a failure is only logged. */
export const globalConfigQuery = () => apiQuery('global_config', {}, { errorHandling: 'log', staleTime: 10 * 60_000 });

/** A class (its details page, signing up, the order's confirmation): each page explains a refusal itself, so no toast on top. */
export const classDetailQuery = (id: number) => apiQuery('class_detail', { pathParams: { id } }, { errorHandling: 'manual' });

/** An order (its details, paying it, its refund, its invoice): each page says how it handles a failure. */
export const orderDetailQuery = (id: number, errorHandling?: ErrorHandling) => apiQuery('order_detail', { pathParams: { id } }, { errorHandling });
