/**
 * The browser sends a parent to the account service the document server names (decision 075); a
 * document without one (the demo build, tests) falls back to the build's, then the mock's page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';
import { ACCOUNT_SERVICE_META, accountServiceUrl } from './app-config.ts';

afterEach(() => document.head.querySelector(`meta[name="${ACCOUNT_SERVICE_META}"]`)?.remove());

describe('accountServiceUrl', () => {
  it("is the one the document names, else the mock's page", () => {
    expect(accountServiceUrl()).toBe(MOCK_ACCOUNT_LOGIN_PATH);
    const meta = Object.assign(document.createElement('meta'), { name: ACCOUNT_SERVICE_META, content: 'https://account.example.org/login' });
    document.head.append(meta);
    expect(accountServiceUrl()).toBe('https://account.example.org/login');
  });
});
