/** DOMPurify with the rich-text policy (rich-text-purify.ts): where a browser has no HTML Sanitizer. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useRef } from 'react';
import { expect } from 'storybook/test';
import { purifyInto } from '#src/components/ui/rich-text-purify.ts';

function Purified({ html }: { html: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (box.current) purifyInto(box.current, html);
  }, [html]);
  return <div ref={box} data-testid="purified" />;
}

const meta = {
  title: 'Kit/RichTextPurify',
  component: Purified,
  args: { html: '<p>寒假<b>美术</b>营<img src="x" onerror="window.__purify=1" alt="作品"><a href="javascript:alert(1)">链接</a><iframe src="https://evil.example"></iframe></p>' },
} satisfies Meta<typeof Purified>;
export default meta;
type Story = StoryObj<typeof meta>;

export const HostileHtml: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByTestId('purified');
    await expect(box).toHaveTextContent('寒假美术营');
    await expect(box.querySelector('iframe, [onerror], a[href^="javascript"]')).toBeNull();
  },
};
