import type { StorybookConfig } from '@storybook/react-vite';

type Aliases = NonNullable<NonNullable<Parameters<NonNullable<StorybookConfig['viteFinal']>>[0]['resolve']>['alias']>;

function withoutPreact(alias: Aliases | undefined): Aliases | undefined {
  if (!Array.isArray(alias)) return alias;
  return alias.filter((entry: { replacement: string }) => !entry.replacement.includes('preact'));
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  // Serves public/mockServiceWorker.js, which msw-storybook-addon registers (see preview.ts).
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // Storybook's own preview bundle is ~1 MB; the app's chunk budget is checked elsewhere.
  // Stories render with React, as vitest does: a build's preact/compat aliases stay out (decision 035).
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    resolve: { ...viteConfig.resolve, alias: withoutPreact(viteConfig.resolve?.alias) },
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2048 },
  }),
};

export default config;
