/** Addresses the mock serves besides the API (shared by its hosts and handlers). */
export { OSS_BASE_URL } from '#fixtures/factories';

/** The payment websocket (global_config's pay_ws_url), on the portal's own origin. */
export const PAY_WS_PATH = '/children_center/front/ws/pay';

/** The mocked account service's login page (DESIGN.md: 'The account service'). */
export const ACCOUNT_LOGIN_PATH = '/__mock/account/login';

/** The query parameter the account service adds to the `service` address (CAS style). */
export const TICKET_PARAM = 'ticket';
