import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { hostileUrl } from '#contract/hostile-urls';
import { BackendLink } from './backend-link.tsx';

const shown = (href: string | null | undefined, file = false) =>
  render(
    <MemoryRouter>
      <BackendLink href={href} file={file} className="c">
        官网
      </BackendLink>
    </MemoryRouter>,
  );

describe('BackendLink', () => {
  it('opens http(s) in a new tab and a path of the portal in the app', () => {
    shown('https://www.example.org/about');
    expect(screen.getByRole('link', { name: '官网' })).toMatchObject({ href: 'https://www.example.org/about', target: '_blank', rel: 'noopener noreferrer' });
    shown('/apply');
    expect(screen.getAllByRole('link', { name: '官网' })[1]).toMatchObject({ target: '' });
    expect(screen.getAllByRole('link', { name: '官网' })[1]).toHaveAttribute('href', '/apply');
  });

  it('opens a file in a new tab even on the portal', () => {
    shown('/mock-oss/invoice/1.pdf', true);
    expect(screen.getByRole('link', { name: '官网' })).toMatchObject({ target: '_blank' });
  });

  it.each([null, undefined, '', 'javascript:alert(1)', 'data:text/html,x', '//evil.example', ...Array.from({ length: 40 }, (_, n) => hostileUrl(n))])(
    'renders %j as text without any address',
    (href) => {
      const { container } = shown(href);
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.getByText('官网')).toHaveClass('c');
      expect(container.querySelector('[href]')).toBeNull();
    },
  );
});
