/**
 * What a browser address may ask of the mock backend (mock mode and the demo build only), read by
 * the mock and by the app's start-up, which must let a reset happen before it reads the cookies.
 *   ?scenario=NAME[&seed=N]   throw the state away and load that scenario
 *   ?latency=MIN,MAX          answers wait a random time in this range (ms); 0 for none
 *   ?spec-only=1              §7's calls only (decision 057); =0 ends it
 *   ?as=USERNAME              with ?scenario=: that fixture parent signs in at once (the mock puts
 *                             a fresh ticket in the address, which the app validates as it does
 *                             one from the account service), without a visit to the login page
 *   ?minimal=1                answers carry only the fields SPEC.md names (decision 073); =0 ends it
 */
export const MOCK_SCENARIO_PARAM = 'scenario';
export const MOCK_SEED_PARAM = 'seed';
export const MOCK_LATENCY_PARAM = 'latency';
export const MOCK_SPEC_ONLY_PARAM = 'spec-only';
export const MOCK_SIGNED_IN_PARAM = 'as';
export const MOCK_MINIMAL_PARAM = 'minimal';

/**
 * Worlds of the standalone mock (npm run mock:serve): a request belongs to the world its header
 * names, else its cookie's (browsers), else the default world; ?world=NAME on a page the mock
 * serves sets the cookie.
 */
export const MOCK_WORLD_HEADER = 'x-mock-world';
export const MOCK_WORLD_COOKIE = 'mock_world';
export const MOCK_WORLD_PARAM = 'world';

/** A world's name is safe in a header, a cookie, a log line and a file name: letters, digits, '-', '_', '.' (not first), up to 64. */
export const MOCK_WORLD_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;

/** Why a name cannot be a world's (Chinese, for a tester), or null when it can. */
export function mockWorldNameProblem(name: string): string | null {
  return MOCK_WORLD_NAME.test(name) ? null : `世界名称「${name.slice(0, 80)}」不合规：只能用字母、数字、-、_ 和 .（不以 . 开头），最长 64 个字符`;
}
