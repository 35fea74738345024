/**
 * `react` as the builds see it (decision 035): preact/compat, except `startTransition`.
 *
 * compat runs a transition's updates at once, inside the task that asked for them; React lets the
 * browser paint first and renders them afterwards. The router wraps every navigation's state in a
 * transition, so on compat a search filter's click waited for the whole page's re-render before
 * its next frame (104–112 ms at 4x CPU slowdown, 48 ms on React). Here a transition's updates run
 * in the next task: what React promises a transition (not urgent, may come later), so code that
 * is right on React is right here. JavaScript, not TypeScript: compat's types (`export =`) cannot
 * be re-exported with `export *`, and the app is typed against React's own types anyway.
 */
import compat from 'preact/compat';

export * from 'preact/compat';

/** @param {() => void} scope */
export function startTransition(scope) {
  setTimeout(scope, 0);
}

export default { ...compat, startTransition };
