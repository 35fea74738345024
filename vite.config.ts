import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { isLink, linkKinds } from './contract/links.ts';

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
/**
 * Writes NAME.gz and NAME.br beside every text file of a build worth compressing, so nginx's
 * gzip_static and brotli_static (deploy/nginx) send them at the best level without compressing on
 * every request. Brotli at quality 11 is ~14% smaller than gzip -9 here (decision 041); it takes
 * seconds over the mock's chunks, so only a real build, the one nginx serves, gets .br files.
 */
function precompress({ brotli }: { brotli: boolean }): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // A failed build wrote nothing: its own error is the one to show.
      if (!existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        if (brotli) writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      }
    },
  };
}

/**
 * The modules every page runs at start-up: the entry with what it imports statically, and the
 * contract with zod (loaded by the first call, decision 026), with what they import. Found once
 * the module graph is built (buildEnd); read by the compile hints and the shared chunk below,
 * both of which run later, when chunks are made.
 */
function startUpGraph(startModules: string[]): { plugin: Plugin; modules: Set<string> } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'start-up-graph',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      stack.push(...startModules);
      while (stack.length) {
        const id = stack.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, modules };
}

/**
 * Asks V8 to compile the chunks every page runs at start-up on the thread that streams them, not
 * function by function on the main thread as they are first called (Chrome 136+; other browsers
 * ignore the comment). Decision 039: mobile TBT medians 24–109 ms lower. Pages' own chunks are
 * left lazy. A chunk holding a start-up module is loaded at start-up (or, for what a library's
 * index re-exports and one page uses, such as useQueries, with that page: hinted too, and its
 * code runs then).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
function compileHints(startUp: Set<string>): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After minification (a minifier drops comments) and before hashing, so the name changes too.
    outputOptions(options) {
      // Rolldown's runtime is a chunk of its own that the contract's chunk imports: start-up too.
      const startsUp = (id: string) => startUp.has(id) || id.startsWith('\0rolldown/runtime');
      return { ...options, postBanner: (chunk) => (chunk.moduleIds.some(startsUp) ? COMPILE_HINT : '') };
    },
    // Vite then writes its preload table above the banner; V8 reads the hint on the first line.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || file.code.startsWith(COMPILE_HINT)) continue;
          const at = file.code.indexOf(`\n${COMPILE_HINT}\n`);
          if (at >= 0) file.code = `${COMPILE_HINT}\n${file.code.slice(0, at + 1)}${file.code.slice(at + COMPILE_HINT.length + 2)}`;
        }
      },
    },
  };
}

/**
 * Every story of stories/ as a test in Debian's Chromium (Storybook's Vitest integration): it
 * renders, its play function passes, and axe finds no violation (decision 078). Loaded only when
 * Vitest reads this file, so a build never imports Storybook's plugin.
 */
async function storybookProject() {
  const [{ storybookTest }, { playwright }] = await Promise.all([import('@storybook/addon-vitest/vitest-plugin'), import('@vitest/browser-playwright')]);
  return {
    extends: true,
    plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
    test: {
      name: 'storybook',
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: {
            executablePath: '/usr/bin/chromium',
            args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
          },
        }),
        instances: [{ browser: 'chromium' as const }],
        // Its server's port, or the next free one: two checkouts (or a helper's) running npm test at
        // once met on Vitest's fixed 63315 and one failed before any story ran.
        api: { port: 63315, strictPort: false },
      },
    },
  };
}

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const env = loadEnv(mode, root, 'VITE_');
  const backend = env.VITE_BACKEND || (command === 'serve' || mode === 'demo' ? 'mock' : 'real');
  if (backend !== 'mock' && backend !== 'real') {
    throw new Error(`VITE_BACKEND must be 'mock' or 'real', got '${backend}'`);
  }
  const apiBaseUrl = env.VITE_API_BASE_URL ?? '';
  // The external account service's login page (spec §4). In mock mode the mock serves
  // one at MOCK_ACCOUNT_LOGIN_PATH (contract/account-service.ts); '' means 'use that'.
  // A real build may leave it empty: the document server is configured with the account service
  // (ACCOUNT_SERVICE_URL) and names it in every document (decision 075). A relative address would
  // be this site's own path, never an account service: refused.
  const accountServiceUrl = env.VITE_ACCOUNT_SERVICE_URL ?? '';
  // Where stored files live when oss_base_url answers without one (spec §8 fallback).
  const ossFallbackUrl = env.VITE_OSS_FALLBACK_URL ?? '/';
  // The browser is sent to these, or loads from them: links, like the backend's (decision 046).
  const addresses = [
    ['VITE_ACCOUNT_SERVICE_URL', accountServiceUrl, 'link'],
    ['VITE_API_BASE_URL', apiBaseUrl, 'absolute'],
    ['VITE_OSS_FALLBACK_URL', ossFallbackUrl, 'link'],
  ] as const;
  for (const [name, value, kind] of addresses) {
    if (value !== '' && !isLink(value, kind)) throw new Error(`${name} must be a ${linkKinds[kind].doc}, got ${JSON.stringify(value)}`);
  }
  if (backend === 'real' && accountServiceUrl !== '' && !isLink(accountServiceUrl, 'absolute')) {
    throw new Error(`VITE_ACCOUNT_SERVICE_URL of a real build must be the account service's ${linkKinds.absolute.doc}, got ${JSON.stringify(accountServiceUrl)}`);
  }
  // Names this build: the browser mock trusts the state it saved itself (mock-server/browser.ts).
  const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

  // The release a browser's error report and the server's figures name: set by the release's build, else the version and the commit.
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim();
  const release = env.VITE_RELEASE || `${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version}${commit ? `+${commit}` : ''}`;

  const contractEntry = path.join(root, 'contract/index.ts');
  const startUp = startUpGraph([contractEntry]);

  return {
    root,
    // The document server's build (src/server/main.ts, `vite build --ssr`) runs in Node: none of the
    // browser's chunk tuning, and nothing to compress.
    plugins: isSsrBuild ? [react()] : [react(), startUp.plugin, compileHints(startUp.modules), precompress({ brotli: backend === 'real' })],
    resolve: {
      // react-router resolves to its development build everywhere (its exports have no
      // 'production' condition); a build takes the production one, whose dev warnings minify
      // away (decision 026), the document server's included (`ssr.noExternal` below). Every build, the dev server, vitest and Storybook run React 19
      // (decision 035, superseded by 049).
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs') },
              { find: /^react-router\/dom$/, replacement: path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs') },
            ]
          : [],
    },
    // The document server's build bundles React Router, so the alias above gives it the production
    // build too: kept external, Node resolved it to the development one, whose checks cost every
    // render (react-router-dom re-exports it, so both are bundled, one copy).
    ssr: command === 'build' ? { noExternal: ['react-router', 'react-router-dom'] } : undefined,
    build: {
      // Source maps for reading a production error's stack. The demo build (a test and QA build,
      // whose code is public anyway) references them, so the browser's devtools map its frames. The
      // real build writes them beside the files without a sourceMappingURL: kept with the release
      // for error reports, never fetched by a browser, and nginx answers 404 for them (deploy/nginx).
      // The document server's (Node's, never sent) names its maps: its log's stacks read in the
      // source (src/server/main.ts turns Node's source maps on; decision 087).
      sourcemap: mode === 'demo' || isSsrBuild ? true : 'hidden',
      // The document server (src/server/) links each page's styles and chunks from it (nginx answers 404 under /.vite/).
      manifest: !isSsrBuild,
      // The mock's chunks (faker's Chinese locale, MSW) pass Vite's 500 KB warning by design; they load
      // only in mock mode, never in a real build, whose chunks bench:size holds to 30 KB gzip each.
      chunkSizeWarningLimit: backend === 'mock' ? 700 : 500,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  // zod apart from the contract's schemas: both load with the first call, in parallel,
                  // and each stays under the 30 KB a chunk may weigh (decision 026).
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                  // The contract's values without zod (decision 091): what the entry, the pages and the
                  // contract's schemas all import (enum labels, error codes, fen, links, ID numbers), in
                  // one chunk the entry names, not ten of 0.2-3 KB each a request of a page's first load.
                  { name: 'values', test: /[\\/]contract[\\/](coded-values|fen|limits|error-codes|links|http|account-service|id-number|child-age)\.ts$/ },
                  // The app's modules that six or more lazily loaded chunks (pages, mostly) use: the UI
                  // kit, the form layer, formatting. One chunk instead of ~15 files of 0.1–1 KB, each a
                  // request and a <link> appended on the main thread by Vite's preload helper during a
                  // page's first render (decision 042). Start-up modules stay where they are, and so do
                  // the dependencies of what is captured (else the entry would import, and preload, the
                  // group: its 10 KB before a signed-in page's paint; measured in decision 082).
                  {
                    name: 'shared',
                    test: (id: string) => /[\\/]src[\\/]/.test(id) && !startUp.modules.has(id),
                    minShareCount: 6,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
    },
    // public/ holds only MSW's worker script: a real build has no use for it.
    publicDir: backend === 'mock' ? 'public' : false,
    define: {
      'import.meta.env.VITE_BACKEND': JSON.stringify(backend),
      'import.meta.env.VITE_API_BASE_URL': JSON.stringify(apiBaseUrl),
      'import.meta.env.VITE_ACCOUNT_SERVICE_URL': JSON.stringify(accountServiceUrl),
      'import.meta.env.VITE_OSS_FALLBACK_URL': JSON.stringify(ossFallbackUrl),
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
      'import.meta.env.VITE_RELEASE': JSON.stringify(release),
      // 'server' under `npm start` (scripts/dev-server.ts hosts the mock beside the pages), else 'browser'.
      'import.meta.env.VITE_MOCK_HOST': JSON.stringify(process.env.VITE_MOCK_HOST === 'server' ? 'server' : 'browser'),
    },
    server: { host: 'localhost', port: 5173, strictPort: true },
    preview: { host: 'localhost', port: 4173, strictPort: true },
    test: {
      // One module graph per worker, not per file: setup.ts resets everything a test can touch, so
      // files do not need a fresh jsdom and fresh imports each (measured: dom 168 s → 61 s, node
      // 35 s → 13 s; passes shuffled too). See docs/decisions/010-one-test-harness.md.
      isolate: false,
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            // The mock's HTTP tests run curl walkthroughs and real sockets: seconds, not a hang.
            testTimeout: 20_000,
            // src/server/: the document server runs in Node, as it does in production.
            include: [
              'contract/**/*.test.ts',
              'fixtures/**/*.test.{ts,tsx}',
              'mock-server/**/*.test.{ts,tsx}',
              'scripts/**/*.test.{ts,mts}',
              'eslint/**/*.test.ts',
              'src/server/**/*.test.ts',
              'stories/**/*.test.ts',
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
            exclude: ['src/server/**'],
            setupFiles: ['src/test/setup.ts'],
          },
        },
        ...(process.env.VITEST ? [storybookProject()] : []),
      ],
    },
  };
});
