/** Settings fixed at build time (vite.config.ts), in one place for the app. */
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';

export const isMockBackend = import.meta.env.VITE_BACKEND === 'mock';

/** The account service's login page (spec §4). */
export const accountServiceUrl = import.meta.env.VITE_ACCOUNT_SERVICE_URL || MOCK_ACCOUNT_LOGIN_PATH;

/** Base of stored files when the backend names none (spec §8's fallback handler). */
export const ossFallbackUrl = import.meta.env.VITE_OSS_FALLBACK_URL || '/';
