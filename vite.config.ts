import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/*
 * Backend selection, fixed at build time and read by the app as
 *   import.meta.env.VITE_BACKEND       'mock' | 'real'
 *   import.meta.env.VITE_API_BASE_URL  '' = same origin
 * (types in src/env.d.ts).
 *
 * VITE_BACKEND defaults to 'mock' for the dev server (`vite`), for `--mode demo`
 * (`npm run build:demo`, used by the e2e tests) and for vitest, and to 'real' for a plain
 * production build (`vite build`). Either value can be forced from the shell or a .env file:
 *   VITE_BACKEND=real vite            dev server against a real API
 *   VITE_API_BASE_URL=https://api.example.org vite build
 * With 'mock', src/app/start-mock.ts loads mock-server/ through a dynamic import() so the
 * mock code lands in its own chunk and never in a 'real' build's entry chunk.
 */
export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, root, 'VITE_');
  const backend = env.VITE_BACKEND || (command === 'serve' || mode === 'demo' ? 'mock' : 'real');
  if (backend !== 'mock' && backend !== 'real') {
    throw new Error(`VITE_BACKEND must be 'mock' or 'real', got '${backend}'`);
  }
  const apiBaseUrl = env.VITE_API_BASE_URL ?? '';
  // The external account service's login page (spec §4). In mock mode the mock serves
  // one at MOCK_ACCOUNT_LOGIN_PATH (contract/account-service.ts); '' means 'use that'.
  const accountServiceUrl = env.VITE_ACCOUNT_SERVICE_URL ?? '';
  if (backend === 'real' && !accountServiceUrl && command === 'build') {
    console.warn('VITE_ACCOUNT_SERVICE_URL is not set: sign-in will use the mock login path');
  }
  // Where stored files live when oss_base_url answers without one (spec §8 fallback).
  const ossFallbackUrl = env.VITE_OSS_FALLBACK_URL ?? '/';
  // Names this build: the browser mock trusts the state it saved itself (mock-server/browser.ts).
  const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

  return {
    root,
    plugins: [react()],
    define: {
      'import.meta.env.VITE_BACKEND': JSON.stringify(backend),
      'import.meta.env.VITE_API_BASE_URL': JSON.stringify(apiBaseUrl),
      'import.meta.env.VITE_ACCOUNT_SERVICE_URL': JSON.stringify(accountServiceUrl),
      'import.meta.env.VITE_OSS_FALLBACK_URL': JSON.stringify(ossFallbackUrl),
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
    },
    server: { host: 'localhost', port: 5173, strictPort: true },
    preview: { host: 'localhost', port: 4173, strictPort: true },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            // The mock's HTTP tests run curl walkthroughs and real sockets: seconds, not a hang.
            testTimeout: 20_000,
            include: [
              'contract/**/*.test.ts',
              'fixtures/**/*.test.{ts,tsx}',
              'mock-server/**/*.test.{ts,tsx}',
              'scripts/**/*.test.{ts,mts}',
              'eslint/**/*.test.ts',
            ],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            // Rendering whole routes on a busy 2-core machine: generous, but a hang still fails.
            testTimeout: 20_000,
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
          },
        },
      ],
    },
  };
});
