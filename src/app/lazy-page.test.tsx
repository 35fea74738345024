import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetShellPainted, shellPainted } from '../lib/shell-painted.ts';
import { lazyPage, type PageModule } from './lazy-page.tsx';

/*
 * The app's first render paints the shell; the page's chunk is asked for in the task after that
 * paint, not inside the render (decision 043). jsdom has no frames: these tests hand them out.
 */
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  resetShellPainted();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetShellPainted();
});

/** Runs the frame the browser would paint, then the task after it. */
async function paintFrame(): Promise<void> {
  await act(async () => {
    for (const frame of frames.splice(0)) frame(performance.now());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function pageOf(text: string) {
  const load = vi.fn(async (): Promise<PageModule> => ({ Component: () => <p>{text}</p> }));
  return { load, Page: lazyPage(load) };
}

const inShell = (Page: () => React.ReactNode) => (
  <Suspense fallback={<p>页面加载中</p>}>
    <Page />
  </Suspense>
);

describe('a lazy page', () => {
  it('shown by the first render, asks for its chunk once the shell has painted', async () => {
    const { load, Page } = pageOf('首页内容');
    render(inShell(Page));
    await act(async () => {});
    expect(screen.getByText('页面加载中')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    await paintFrame();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });

  it('asks at once after the shell has painted (a later navigation)', async () => {
    const painted = shellPainted();
    await paintFrame();
    await painted;
    const { load, Page } = pageOf('订单页');
    render(inShell(Page));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('订单页')).toBeInTheDocument();
  });

  it('does not wait for the paint when its chunk was asked for already', async () => {
    const { load, Page } = pageOf('详情页');
    await Page.preload();
    render(inShell(Page));
    expect(await screen.findByText('详情页')).toBeInTheDocument();
    expect(frames).toHaveLength(0);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('where frames never come (a hidden tab)', () => {
  it('the page still loads, within a tenth of a second', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { load, Page } = pageOf('后台标签页');
    render(inShell(Page));
    expect(await screen.findByText('后台标签页', {}, { timeout: 1000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
