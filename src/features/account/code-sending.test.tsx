/**
 * The captcha's picture is a button that draws a new one. While the picture loads, or when it
 * failed, the button shows words instead: a button's name must contain the words it shows (WCAG
 * 2.5.3, axe's label-content-name-mismatch), and a loading one says it is busy.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaField, type Captcha } from './code-sending.tsx';

const captcha = (state: Partial<Captcha>) => ({ isFetching: false, isError: false, data: undefined, refetch: vi.fn(), ...state }) as unknown as Captcha;

describe('the captcha button', () => {
  it('while the picture loads: named by what it shows, and busy', () => {
    render(<CaptchaField captcha={captcha({ isFetching: true })} value="" onChange={() => {}} />);
    const button = screen.getByRole('button', { name: /加载中/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('when the picture failed: named by what it shows', () => {
    render(<CaptchaField captcha={captcha({ isError: true })} value="" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: /加载失败，点击重试/ })).not.toHaveAttribute('aria-busy');
  });

  it('with the picture: 换一张图形验证码', () => {
    render(<CaptchaField captcha={captcha({ data: { captcha_image: 'data:image/png;base64,AAAA', captcha_key: 'k' } as Captcha['data'] })} value="" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '换一张图形验证码' })).toContainElement(screen.getByAltText('图形验证码'));
  });
});
