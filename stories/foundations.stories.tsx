import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import '../src/styles/tokens.css';
import tokensCss from '../src/styles/tokens.css?raw';

/** Every custom property declared in src/styles/tokens.css, in file order, with its value from 1200px up (the narrow layout's media queries follow; decision 050). */
const tokens = [...(tokensCss.split('@media')[0] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name = '', value = '']) => ({
  name,
  value: value.trim(),
}));
const byPrefix = (prefix: string) => tokens.filter((token) => token.name.startsWith(prefix));

const cell: CSSProperties = {
  fontFamily: 'var(--font-family)',
  fontSize: 'var(--font-size-md)',
  color: 'var(--color-text)',
};
const code: CSSProperties = { fontFamily: 'monospace', fontSize: 12, color: 'var(--color-text-secondary)' };

function Row({ name, value, children }: { name: string; value: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px 0', ...cell }}>
      {children}
      <div>
        <div style={code}>{name}</div>
        <div style={code}>{value}</div>
      </div>
    </div>
  );
}

function Colours() {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 8 }}>
      {byPrefix('--color-').map(({ name, value }) => (
        <Row key={name} name={name} value={value}>
          <div
            data-testid="swatch"
            style={{
              width: 56,
              height: 56,
              flex: 'none',
              borderRadius: 'var(--radius-md)',
              border: '1px solid var(--color-border)',
              background: `var(${name})`,
            }}
          />
        </Row>
      ))}
    </div>
  );
}

function Radii() {
  return (
    <div style={{ display: 'flex', gap: 32 }}>
      {byPrefix('--radius-').map(({ name, value }) => (
        <Row key={name} name={name} value={value}>
          <div style={{ width: 64, height: 64, background: 'var(--color-primary-light)', border: '2px solid var(--color-primary)', borderRadius: `var(${name})` }} />
        </Row>
      ))}
    </div>
  );
}

function Typography() {
  return (
    <div>
      {byPrefix('--font-size-').map(({ name, value }) => (
        <Row key={name} name={name} value={value}>
          <span style={{ fontSize: `var(${name})`, width: 320 }}>少年儿童活动中心 · 报名服务平台</span>
        </Row>
      ))}
    </div>
  );
}

function LayoutSizes() {
  return (
    <div>
      {byPrefix('--layout-').map(({ name, value }) => (
        <div key={name} style={{ padding: '6px 0', ...cell }}>
          <div style={code}>
            {name}: {value}
          </div>
          <div style={{ width: `var(${name})`, height: 16, background: 'var(--color-primary)', borderRadius: 'var(--radius-sm)' }} />
        </div>
      ))}
    </div>
  );
}

const meta = {
  title: 'Foundations/Design tokens',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Colour: Story = { render: () => <Colours /> };
export const Radius: Story = { render: () => <Radii /> };
export const FontSize: Story = { render: () => <Typography /> };
export const Layout: Story = { render: () => <LayoutSizes /> };
