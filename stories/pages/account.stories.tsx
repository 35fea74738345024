/** The account pages, and the code-sending steps of a change of phone (a code to the old one, then the new). */
import type { Meta } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { pageStory } from '../support/page-story.tsx';
import { parentOf } from './ids.ts';

const meta: Meta = { title: 'Pages/Account', parameters: { layout: 'fullscreen' } };
export default meta;

export const RealNameNew = pageStory({ path: '/personal/accountAntonym', scenario: 'new-parent', as: 'liuxin', shows: { heading: '实名认证' } });
export const RealNameVerified = pageStory({ path: '/personal/accountAntonym', as: 'gaoyan', shows: { heading: '实名认证' } });
export const RealNameUnderReview = pageStory({ path: '/personal/accountAntonym', as: 'xuming', shows: { heading: '实名认证' } });
export const RealNameRejected = pageStory({ path: '/personal/accountAntonym', as: 'fangyu', shows: { heading: '实名认证' } });
export const Phone = pageStory({ path: '/personal/accountPhone', scenario: 'family', as: 'zhangwei', shows: '获取验证码' });
export const Mailbox = pageStory({ path: '/personal/accountMailbox', scenario: 'family', as: 'zhangwei', shows: /邮箱/ });
export const Wechat = pageStory({ path: '/personal/accountWx', scenario: 'family', as: 'zhangwei', shows: { heading: '微信绑定' } });
export const WechatUnbound = pageStory({ path: '/personal/accountWx', scenario: 'new-parent', as: 'liuxin', shows: { heading: '微信绑定' } });
export const Password = pageStory({ path: '/personal/password', as: 'gaoyan', shows: { heading: '登录密码' } });
export const PasswordNotSet = pageStory({ path: '/personal/password', scenario: 'new-parent', as: 'liuxin', shows: { heading: '登录密码' } });

/** Step 1 of a change: the code goes to the old phone, the button counts down, where it went is said. */
export const PhoneCodeSent = pageStory({
  path: '/personal/accountPhone',
  scenario: 'family',
  as: 'zhangwei',
  shows: '获取验证码',
  then: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    await expect(await canvas.findByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    await expect(await canvas.findByText(/验证码已发送至/)).toBeVisible();
  },
});

/** The code the mock sent typed in: step 2, the new phone, is current. */
export const PhoneSecondStep = pageStory({
  path: '/personal/accountPhone',
  scenario: 'family',
  as: 'zhangwei',
  shows: '获取验证码',
  then: async ({ canvas, userEvent, mock }) => {
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    await canvas.findByText(/验证码已发送至/);
    const parent = parentOf(mock(), 'zhangwei');
    const code = mock()
      .db.codes.all()
      .filter((row) => row.user_id === parent.id)
      .at(-1)!.code;
    await userEvent.type(canvas.getByRole('textbox', { name: /验证码/ }), code);
    await userEvent.click(canvas.getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent(/新/));
  },
});

/** A wrong code: said beside the field, what was typed kept. */
export const PhoneWrongCode = pageStory({
  path: '/personal/accountPhone',
  scenario: 'family',
  as: 'zhangwei',
  shows: '获取验证码',
  then: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '获取验证码' }));
    await canvas.findByText(/验证码已发送至/);
    const input = canvas.getByRole('textbox', { name: /验证码/ });
    await userEvent.type(input, '000000');
    await userEvent.click(canvas.getByRole('button', { name: /下一步/ }));
    await expect(await canvas.findByText(/验证码错误|验证码已过期/)).toBeVisible();
    await expect(input).toHaveValue('000000');
  },
});
