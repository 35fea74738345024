import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, replaceAccessToken, resetSessionStore, sessionStore, signIn } from './session-store.ts';
import { clearChild, CONTACT_COOKIE, childStore, resetChildStore, selectChild } from './child-store.ts';

afterEach(() => {
  clearSession();
  clearChild();
});

describe('session store', () => {
  it('signs in to the store and to the client_id and access_token cookies', () => {
    signIn({ clientId: 'c-1', accessToken: 't-1', userId: 7 });
    expect(sessionStore()).toMatchObject({ clientId: 'c-1', accessToken: 't-1', userId: 7 });
    expect(Cookies.get('client_id')).toBe('c-1');
    expect(Cookies.get('access_token')).toBe('t-1');
  });

  it('replaces the token everywhere (99993)', () => {
    signIn({ clientId: 'c-1', accessToken: 't-1', userId: 7 });
    replaceAccessToken('t-2');
    expect(sessionStore().accessToken).toBe('t-2');
    expect(Cookies.get('access_token')).toBe('t-2');
  });

  it('clears both cookies and the credentials', () => {
    signIn({ clientId: 'c-1', accessToken: 't-1', userId: 7 });
    clearSession();
    expect(Cookies.get('client_id')).toBeUndefined();
    expect(sessionStore()).toMatchObject({ clientId: null, accessToken: null, userId: null });
  });

  it('keeps the user id across a reload (the user_id cookie), and drops it with the session', () => {
    signIn({ clientId: 'c-1', accessToken: 't-1', userId: 7 });
    expect(Cookies.get('user_id')).toBe('7');
    resetSessionStore();
    expect(sessionStore()).toMatchObject({ clientId: 'c-1', userId: 7 });
    clearSession();
    expect(Cookies.get('user_id')).toBeUndefined();
    // Without a session, a stray user_id means nothing.
    Cookies.set('user_id', '8');
    resetSessionStore();
    expect(sessionStore().userId).toBeNull();
    Cookies.remove('user_id');
  });

  it('reads the cookies again on reset, as a reload does', () => {
    Cookies.set('client_id', 'c-9');
    Cookies.set('access_token', 't-9');
    resetSessionStore();
    expect(sessionStore()).toMatchObject({ clientId: 'c-9', accessToken: 't-9' });
  });
});

describe('selected child', () => {
  it('keeps the choice in the contact_id cookie', () => {
    selectChild(12);
    expect(Cookies.get(CONTACT_COOKIE)).toBe('12');
    resetChildStore();
    expect(childStore().contactId).toBe(12);
  });

  it('ignores a cookie that is no id', () => {
    Cookies.set(CONTACT_COOKIE, 'abc');
    resetChildStore();
    expect(childStore().contactId).toBeNull();
  });
});
