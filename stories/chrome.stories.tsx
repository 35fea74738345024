/** The chrome of every page, in its states, answered by the mock backend. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import '../src/styles/global.css';
import { LoadingOverlay } from '#src/components/feedback/loading-overlay.tsx';
import { Toaster } from '#src/components/feedback/toaster.tsx';
import { CategoryMenu } from '../src/components/classes/category-menu.tsx';
import { ChildSelector } from '../src/features/chrome/child-selector.tsx';
import { HomeNav } from '../src/features/chrome/home-nav.tsx';
import { SideTool } from '../src/features/chrome/side-tool.tsx';
import { SiteFooter } from '../src/features/chrome/site-footer.tsx';
import { SiteHeader } from '../src/features/chrome/site-header.tsx';
import { TopBar } from '../src/features/chrome/top-bar.tsx';
import { toast } from '../src/stores/toast-store.ts';
import { uiStore } from '../src/stores/ui-store.ts';
import { WithProviders, startStoryMock } from './support/story-mock.tsx';

const meta: Meta = {
  title: 'Chrome',
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj;

const manyCategories = {
  class_list: Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: ['美术', '音乐', '舞蹈', '科技', '体育', '语言', '传统文化与非物质文化遗产', '戏剧表演', '书法篆刻', '航天科普', '棋类', '综合实践活动'][i]!,
    children: Array.from({ length: 3 + (i % 5) }, (_, j) => ({ id: (i + 1) * 100 + j, name: j === 0 ? '超长名称的专业方向示例启蒙提高班' : `专业${j}` })),
  })),
};
const manyCategoriesHandler = http.get('*/children_center/front/api/class_category', () => HttpResponse.json({ error_code: 999999, msg: '查询成功', data: manyCategories }));

export const TopBarSignedOut: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => (
    <WithProviders>
      <TopBar />
    </WithProviders>
  ),
};

export const TopBarSignedInWithUnreadMessages: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { as: 'gaoyan' })),
  render: () => (
    <WithProviders>
      <TopBar />
    </WithProviders>
  ),
};

export const TopBarNoChildren: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'new-parent', as: 'liuxin' })),
  render: () => (
    <WithProviders>
      <TopBar />
    </WithProviders>
  ),
};

export const ChildSelectorTwoChildren: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { scenario: 'family', as: 'zhangwei' })),
  render: () => (
    <WithProviders>
      <div style={{ padding: 24, display: 'flex', justifyContent: 'flex-end', minHeight: 240 }}>
        <ChildSelector />
      </div>
    </WithProviders>
  ),
};

export const HeaderWithSearch: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => (
    <WithProviders path="/searchHome?name=国画">
      <SiteHeader />
      <HomeNav />
    </WithProviders>
  ),
};

export const HeaderOnAPaymentPage: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => (
    <WithProviders path="/collectMoney?orderId=1">
      <SiteHeader />
    </WithProviders>
  ),
};

export const CategoryMenuCatalogue: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => (
    <WithProviders>
      <div style={{ height: 480 }}>
        <CategoryMenu />
      </div>
    </WithProviders>
  ),
};

export const CategoryMenuManyAndLongNames: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw, { overrides: [manyCategoriesHandler] })),
  render: () => (
    <WithProviders>
      <div style={{ height: 560 }}>
        <CategoryMenu />
      </div>
    </WithProviders>
  ),
};

export const CategoryMenuFailed: Story = {
  beforeEach: async ({ msw }) =>
    void (await startStoryMock(msw, {
      overrides: [http.get('*/children_center/front/api/class_category', () => HttpResponse.json({ error_code: 500000, msg: '服务器开小差了', data: null }, { status: 500 }))],
    })),
  render: () => (
    <WithProviders>
      <div style={{ height: 200 }}>
        <CategoryMenu />
      </div>
    </WithProviders>
  ),
};

export const SideToolAndFooter: Story = {
  beforeEach: async ({ msw }) => void (await startStoryMock(msw)),
  render: () => (
    <WithProviders>
      <div style={{ minHeight: 520 }} />
      <SiteFooter />
      <SideTool />
    </WithProviders>
  ),
};

function ToastDemo() {
  useEffect(() => {
    toast.info('正在为您跳转到统一身份认证');
    toast.succeed('已安全退出');
    toast.error('名额已满');
  }, []);
  return <Toaster />;
}

export const Toasts: Story = { render: () => <ToastDemo /> };

function OverlayDemo() {
  useEffect(() => {
    uiStore().loadingCount = 1;
    return () => void (uiStore().loadingCount = 0);
  }, []);
  return <LoadingOverlay />;
}

export const LoadingOverlayShown: Story = { render: () => <OverlayDemo /> };
