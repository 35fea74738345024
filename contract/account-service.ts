/**
 * The external account service's protocol (spec §4, the design brief 'The account service'),
 * CAS style: the portal sends the browser to the login page with `service` = the address to come
 * back to; the service returns there with `ticket`, which st_validate turns into a session.
 */
export const SERVICE_PARAM = 'service';
export const TICKET_PARAM = 'ticket';

/** Where the mock's account service lives in mock mode (the real one is configured). */
export const MOCK_ACCOUNT_LOGIN_PATH = '/__mock/account/login';
