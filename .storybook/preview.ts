import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import '../src/styles/tokens.css';
import { resetStores } from '../stories/support/story-mock.tsx';

// A page's answers and renders on a busy 2-core machine can take more than findBy's default 1 s (as in src/test/setup.ts).
configure({ asyncUtilTimeout: 5000 });

/*
 * MSW runs in every story (msw-storybook-addon 3, CSF 3 API). A story mocks the network with
 *   parameters: { msw: [http.get('/api/...', () => HttpResponse.json(...))] }
 * or in its beforeEach({ msw }) with msw.use(...) (stories/support/story-mock.tsx: the app's mock
 * handlers over a named scenario). Handlers are reset between stories, and so are the app's stores.
 *
 * Every story is a test (decision 078): Vitest renders it in Chromium (`npm run test:unit`, the
 * project `storybook`), runs its play function, then axe; any violation fails it (`a11y.test`).
 * Viewports: `desktop` (the default) and `phone`; the visual check shoots every story at both.
 */
const preview: Preview = {
  loaders: [mswLoader()],
  beforeEach: () => resetStores(),
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    // The journeys' rules (e2e/a11y.spec.ts): WCAG 2.2 A and AA as axe tags them. Any violation fails the story's test.
    a11y: { test: 'error', options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } } },
    viewport: {
      options: {
        desktop: { name: '桌面 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
        phone: { name: '手机 390', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
  },
  initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
};

export default preview;
