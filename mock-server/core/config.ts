/** Addresses the mock serves besides the API (shared by its hosts and handlers). */
export { OSS_BASE_URL } from '#fixtures/oss';

/** The payment websocket (global_config's pay_ws_url), on the portal's own origin. */
export const PAY_WS_PATH = '/children_center/front/ws/pay';

/** The mocked account service's login page, and the parameters of its protocol. */
export { MOCK_ACCOUNT_LOGIN_PATH as ACCOUNT_LOGIN_PATH, SERVICE_PARAM, TICKET_PARAM } from '#contract/account-service';
