/// <reference types="vite/client" />

// Values fixed at build time by vite.config.ts (see the comment there).
interface ImportMetaEnv {
  /** 'mock': the app starts the MSW mock backend (src/app/start-mock.ts); 'real': it calls the API. */
  readonly VITE_BACKEND: 'mock' | 'real';
  /** Base URL of the API, '' = same origin. */
  readonly VITE_API_BASE_URL: string;
  /** The account service's login page; '' = the mock's (mock mode). */
  readonly VITE_ACCOUNT_SERVICE_URL: string;
  /** Base of stored files when oss_base_url has none. */
  readonly VITE_OSS_FALLBACK_URL: string;
  /** Different for every build and dev server start (the browser mock's saves name it). */
  readonly VITE_BUILD_ID?: string;
  /** The release (VITE_RELEASE, else the package's version and the commit): in browser error reports and the server's portal_build_info. */
  readonly VITE_RELEASE: string;
  /** Where the mock answers in mock mode: 'server' under `npm start` (beside the pages), 'browser' in the demo build (its service worker). */
  readonly VITE_MOCK_HOST: 'server' | 'browser';
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
