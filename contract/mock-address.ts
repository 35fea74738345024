/**
 * What a browser address may ask of the mock backend (mock mode and the demo build only), read by
 * the mock and by the app's start-up, which must let a reset happen before it reads the cookies.
 *   ?scenario=NAME[&seed=N]   throw the state away and load that scenario
 *   ?latency=MIN,MAX          answers wait a random time in this range (ms); 0 for none
 *   ?spec-only=1              §7's calls only (decision 057); =0 ends it
 */
export const MOCK_SCENARIO_PARAM = 'scenario';
export const MOCK_SEED_PARAM = 'seed';
export const MOCK_LATENCY_PARAM = 'latency';
export const MOCK_SPEC_ONLY_PARAM = 'spec-only';

/**
 * Worlds of the standalone mock (npm run mock:serve): a request belongs to the world its header
 * names, else its cookie's (browsers), else the default world; ?world=NAME on a page the mock
 * serves sets the cookie.
 */
export const MOCK_WORLD_HEADER = 'x-mock-world';
export const MOCK_WORLD_COOKIE = 'mock_world';
export const MOCK_WORLD_PARAM = 'world';
