/**
 * The external account service's protocol (spec §4, the design brief 'The account service'),
 * CAS style: the portal sends the browser to the login page with `service` = the address to come
 * back to; the service returns there with `ticket`, which st_validate turns into a session.
 */
export const SERVICE_PARAM = 'service';
export const TICKET_PARAM = 'ticket';

/**
 * The portal's own addition (issue 38, decision 075): a sign-in the portal starts carries a random
 * state in its `service` address and in a short-lived cookie of the same name; a ticket that comes
 * back without the two agreeing is not the visitor's own sign-in (login CSRF) and is not taken.
 */
export const LOGIN_STATE_PARAM = 'login_state';
export const LOGIN_STATE_COOKIE = 'login_state';

/** Where the mock's account service lives in mock mode (the real one is configured). */
export const MOCK_ACCOUNT_LOGIN_PATH = '/__mock/account/login';
