/** Rich text from the server, always through the rich-text policy: no script, no handler, no javascript: link. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { RichText } from '#src/components/ui/rich-text.tsx';

const NOTICE = `<h2>报名须知</h2><p>每位孩子每学期最多报名<strong>3</strong>个班级。报名成功后请在<em>30分钟</em>内完成支付。</p>
<ul><li>先到先得：名额满即止</li><li>摇号：报名截止后统一摇号</li></ul>
<table><tr><th>班级</th><th>费用</th></tr><tr><td>少儿国画启蒙班</td><td>¥1,280</td></tr></table>
<p>详见<a href="/payment">缴费须知</a>。</p>`;

const meta = { title: 'Kit/RichText', component: RichText, args: { html: NOTICE } } satisfies Meta<typeof RichText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Notice: Story = { play: async ({ canvas }) => void (await canvas.findByRole('heading', { name: '报名须知' })) };
/** Hostile HTML: the script, the handler and the javascript: link are gone, the words stay. */
export const HostileHtml: Story = {
  args: { html: '<p>课程介绍<script>window.__xss=1</script><img src="x" onerror="window.__xss=2" alt="封面"><a href="javascript:alert(1)">点我</a></p>' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain('课程介绍'));
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('[onerror]')).toBeNull();
    await expect(canvasElement.querySelector('a[href^="javascript"]')).toBeNull();
    await expect((window as { __xss?: number }).__xss).toBeUndefined();
  },
};
