/**
 * A route's loader starts its page's declared calls before the page renders (decision 080), so the
 * page joins them: a call the page draws as failed is not asked again behind its back within the
 * same navigation (a call failing once shows the page's error state with 重新加载).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failOnce, reloadAfterFailure } from '../test/failures.ts';
import { renderRoute } from '../test/render-route.tsx';

describe('route loaders in the browser', () => {
  it("have started the page's declared call by the time the navigation lands, even where the page module is already in", async () => {
    const app = await renderRoute('/personal/myOrder', { as: 'zhangwei' });
    await screen.findByRole('heading', { level: 1, name: '我的订单' });
    app.queryClient.clear();
    // Checked as the router commits the new location, before React renders the page.
    const started = new Promise<boolean>((resolve) => {
      const stop = app.router.subscribe((state) => {
        if (state.navigation.state !== 'idle' || state.location.search !== '?status=paid') return;
        stop();
        resolve(
          app.queryClient
            .getQueryCache()
            .findAll({ queryKey: ['api', 'order_list'] })
            .some((q) => q.state.fetchStatus === 'fetching'),
        );
      });
    });
    await app.router.navigate('/personal/myOrder?status=paid');
    expect(await started).toBe(true);
  });

  it('a call failing once on a navigation shows the page its failure, and 重新加载 brings the answer', async () => {
    const app = await renderRoute('/personal/myOrder', { as: 'zhangwei' });
    await screen.findByRole('heading', { level: 1, name: '我的订单' });
    failOnce('*/order_list');
    await app.router.navigate('/personal/myOrder?status=cancelled');
    await reloadAfterFailure('订单加载失败');
    // The family's parent has no cancelled order: the answer is the tab's empty state.
    expect(await screen.findByText('暂无已取消的订单')).toBeInTheDocument();
    expect(screen.queryByText('订单加载失败')).toBeNull();
  });
});
