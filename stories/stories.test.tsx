/**
 * Every story renders (the smoke render `npm test` holds in place of a Storybook build, which
 * `npm run test:release` makes): composed with the project's annotations as Storybook composes them,
 * with msw-storybook-addon's loader answering through the tests' one msw server, each story is
 * mounted, waits for what it loads, and must show something and no error page. Console errors fail
 * it, as in every component test (src/test/setup.ts).
 */
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { unmountElement } from '@storybook/react-dom-shim';
import { act, waitFor, within } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { describe, expect, it } from 'vitest';
import preview from '../.storybook/preview.ts';
import { server } from '../src/test/api-server.ts';

// The loader only resets the server's handlers and hands it to the stories (msw.use), which msw/node's server does as the worker would.
setProjectAnnotations([{ ...preview, loaders: [mswLoader(() => server as unknown as SetupWorker)] }]);

const modules = import.meta.glob<Record<string, unknown>>('./*.stories.tsx', { eager: true });

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const stories = Object.entries(composeStories(module as Parameters<typeof composeStories>[0])) as [string, ReturnType<typeof composeStory>][];
  it.each(stories)('%s renders', async (_name, Story) => {
    const canvas = document.createElement('div');
    document.body.append(canvas);
    try {
      await Story.run({ canvasElement: canvas });
      // What it shows, once the page's chunk and data are in (a story of the overlay keeps its overlay).
      await waitFor(() => {
        expect(canvas.textContent?.trim(), 'the story shows no text').toBeTruthy();
        expect(canvas.querySelector('[aria-busy="true"]')).toBeNull();
        expect(within(canvas).queryByRole('status', { name: '页面加载中' })).toBeNull();
      });
      expect(canvas.textContent).not.toMatch(/出错了/);
    } finally {
      // Storybook would unmount it before the next story; the last one must not outlive the file.
      await act(() => unmountElement(canvas));
      canvas.remove();
    }
  });
});
