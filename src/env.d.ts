/// <reference types="vite/client" />

// Values fixed at build time by vite.config.ts (see the comment there).
interface ImportMetaEnv {
  /** 'mock': the app starts the MSW mock backend (src/app/start-mock.ts); 'real': it calls the API. */
  readonly VITE_BACKEND: 'mock' | 'real';
  /** Base URL of the API, '' = same origin. */
  readonly VITE_API_BASE_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
