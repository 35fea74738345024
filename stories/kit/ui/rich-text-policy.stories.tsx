/** The rich-text policy (rich-text-policy.ts): the elements and attributes rich text may keep, and which addresses. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { isAllowedUrl, richTextAttributes, richTextElements } from '#src/components/ui/rich-text-policy.ts';

const ADDRESSES = ['/details?id=3', 'https://www.example.org/a.png', 'javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'mailto:info@example.org'];

function Policy() {
  return (
    <div style={{ display: 'grid', gap: 16, fontSize: 14 }}>
      <section>
        <h2 style={{ fontSize: 16 }}>可保留的元素</h2>
        <p>{richTextElements.join('、')}</p>
      </section>
      <section>
        <h2 style={{ fontSize: 16 }}>可保留的属性</h2>
        <p>{richTextAttributes.join('、')}</p>
      </section>
      <table>
        <caption style={{ textAlign: 'left', fontWeight: 600 }}>链接与图片地址</caption>
        <thead>
          <tr>
            <th scope="col">地址</th>
            <th scope="col">a href</th>
            <th scope="col">img src</th>
          </tr>
        </thead>
        <tbody>
          {ADDRESSES.map((url) => (
            <tr key={url}>
              <td>
                <code>{url}</code>
              </td>
              <td>{isAllowedUrl(url, 'href', 'a') ? '保留' : '去掉'}</td>
              <td>{isAllowedUrl(url, 'src', 'img') ? '保留' : '去掉'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const meta = { title: 'Kit/RichTextPolicy', component: Policy } satisfies Meta<typeof Policy>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Lists: Story = {};
