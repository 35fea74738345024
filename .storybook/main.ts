import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  // Serves public/mockServiceWorker.js, which msw-storybook-addon registers (see preview.ts).
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // Storybook's own preview bundle is ~1 MB; the app's chunk budget is checked elsewhere.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2048 },
  }),
};

export default config;
