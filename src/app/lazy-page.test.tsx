import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, type PageModule } from './lazy-page.tsx';

/*
 * A page's chunk is asked for by its route's loader, beside its data (decision 080), before the
 * page renders; a lazy page renders its layout's fallback in the page area until the chunk is in.
 */
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
  it('shows the fallback in its place until its chunk is in, then the page', async () => {
    let arrive: (module: PageModule) => void = () => {};
    const load = vi.fn(() => new Promise<PageModule>((resolve) => (arrive = resolve)));
    const Page = lazyPage(load);
    render(inShell(Page));
    expect(screen.getByText('页面加载中')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => arrive({ Component: () => <p>首页内容</p> }));
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });

  it("does not ask again when its chunk was asked for already (the route's loader)", async () => {
    const { load, Page } = pageOf('详情页');
    void Page.preload();
    render(inShell(Page));
    expect(await screen.findByText('详情页')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once loaded, renders at once, without the fallback', async () => {
    const { load, Page } = pageOf('订单页');
    await Page.preload();
    render(inShell(Page));
    expect(screen.getByText('订单页')).toBeInTheDocument();
    expect(screen.queryByText('页面加载中')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
