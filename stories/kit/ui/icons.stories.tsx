/** The chrome's line icons, drawn inline. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import * as icons from '#src/components/ui/icons.tsx';

function IconSheet({ size = 24 }: { size?: number }) {
  return (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 12, listStyle: 'none', padding: 0, color: 'var(--color-text)' }}>
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 12 }}>
          <Icon size={size} />
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}

const meta = { title: 'Kit/Icons', component: IconSheet, args: { size: 24 } } satisfies Meta<typeof IconSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {};
export const Small: Story = { args: { size: 16 } };
