import type { StorybookConfig } from '@storybook/react-vite';

/** Plugins of vite.config.ts that only the app's build needs. */
const APP_BUILD_ONLY = new Set(['precompress', 'compile-hints', 'start-up-graph']);

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // Serves public/mockServiceWorker.js, which msw-storybook-addon registers (see preview.ts).
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  /*
   * The app's Vite configuration without what tunes the app's own build (decisions 039, 041, 042):
   * compressed copies, compile hints and the shared chunk cost the static build CPU for nothing
   * the stories use. Storybook's own preview bundle is ~1 MB; the app's chunk budget is checked elsewhere.
   */
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: (viteConfig.plugins ?? []).flat().filter((plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && APP_BUILD_ONLY.has(plugin.name))),
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2048, sourcemap: false, rolldownOptions: {} },
  }),
};

export default config;
