/**
 * The inline scripts a document may carry, each a fixed text the CSP allows by its hash (src/server/csp.ts)
 * and no other: the check that asks again for a cut-off document (decision 089, kept beside its end
 * marker in src/lib/document-end.ts), the loader of a signed-out page's scripts (decision 070) and
 * the early events' listener (decision 085). Apart from document.ts so that the hash can be
 * computed without the app.
 */
import { CUT_DOCUMENT_RELOAD } from '../lib/document-end.ts';

export { CUT_DOCUMENT_RELOAD };

/** The id of the list of scripts a rendered page loads once it has loaded (`SCRIPTS_AFTER_LOAD`). */
export const AFTER_LOAD_LIST_ID = 'scripts-after-load';

/**
 * Loads the page's scripts (the entry first, then the chunks to preload) once the page has loaded
 * and painted, or at the visitor's first touch or key, whichever comes first (decision 070): the
 * server's page reads and navigates without them, and on a slow link they would share it with the
 * styles and images that make the page. One element a task (each costs a few ms on a phone). Inline,
 * with a fixed text, so the CSP allows it by its hash (deploy/nginx/children-center/headers.conf).
 */
export const SCRIPTS_AFTER_LOAD = `(function(){var d=document,done=0;function add(u,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=u}else{e.type='module';e.src=u}e.crossOrigin='';d.head.appendChild(e)}function go(){if(done++)return;var l=JSON.parse(d.getElementById('${AFTER_LOAD_LIST_ID}').textContent);(function next(i){if(i<l.length){add(l[i],i);setTimeout(next,0,i+1)}})(0)}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}['pointerdown','keydown','touchstart'].forEach(function(t){addEventListener(t,go,{once:true,passive:true,capture:true})});if(d.readyState==='complete')later();else addEventListener('load',later,{once:true})})()`;

/** The global the early events are kept in until the app replays them (src/app/early-events.ts reads it). */
export const EARLY_EVENTS_GLOBAL = '__ccEarly';

/**
 * Takes the taps a page's controls get before its scripts have run (decision 085): a click or tap
 * on a button (or `role=button`) of the app, or a submit of a form that names no `action`, is kept
 * (at most once an element, so a double tap is one), its default and its way to React stopped, and
 * the control marked busy (`aria-busy`, a spinner by `[data-early]` in global.css); the app replays
 * each in order once hydrated. Links, and forms with an `action` (GET searches, filters), go as
 * HTML. Keys reach a button as the click they make. In every server-rendered document's head, so it
 * listens from the first paint; inline with a fixed text, allowed by its hash like the loader.
 */
export const EARLY_EVENTS = `(function(){var d=document,q=[];window.${EARLY_EVENTS_GLOBAL}=q;function take(e,t){e.preventDefault();e.stopPropagation();if(q.indexOf(t)<0){q.push(t);t.setAttribute('aria-busy','true');t.setAttribute('data-early','')}}d.addEventListener('click',function(e){var r=d.getElementById('root'),t=e.target;t=t&&t.closest?t.closest('a[href],button,[role=button]'):null;if(q.done||!t||t.tagName==='A'||!r||!r.contains(t))return;if(t.type==='submit'&&t.form&&t.form.hasAttribute('action'))return;take(e,t)},true);d.addEventListener('submit',function(e){var f=e.target;if(!q.done&&f.closest&&f.closest('#root')&&!f.hasAttribute('action'))take(e,f)},true)})()`;

/** Every inline script a document may carry. */
export const INLINE_SCRIPTS: readonly string[] = [CUT_DOCUMENT_RELOAD, EARLY_EVENTS, SCRIPTS_AFTER_LOAD];
