/**
 * The selected child (spec §3 and §4): kept in the contact_id cookie for 1000 days;
 * choosing another reloads the page; cleared when the parent has no children.
 */
import { proxy } from 'valtio';
import { cookieJar } from './cookie-jar.ts';
import { scoped } from './request-scope.ts';

export const CONTACT_COOKIE = 'contact_id';
export const CONTACT_COOKIE_DAYS = 1000;

function fromCookie(): number | null {
  const raw = Number(cookieJar().get(CONTACT_COOKIE));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

/** The visitor's selected child (one per request on the server): `useSnapshot(childStore())`. */
export const childStore = scoped(() => proxy<{ contactId: number | null }>({ contactId: fromCookie() }));

export function resetChildStore(): void {
  childStore().contactId = fromCookie();
}

/** Stores the choice; the caller reloads the page, as the spec says a change does. */
export function selectChild(contactId: number): void {
  cookieJar().set(CONTACT_COOKIE, String(contactId), { expires: CONTACT_COOKIE_DAYS, sameSite: 'Lax' });
  childStore().contactId = contactId;
}

export function clearChild(): void {
  cookieJar().remove(CONTACT_COOKIE);
  childStore().contactId = null;
}
