/**
 * A rendered document's last element, and the mark a cut-off document gets before it asks again
 * (decision 089): a document server that dies mid-answer leaves the pages it was sending without
 * their end, which no proxy can retry; the head's first script (src/server/document.ts) sees the
 * end missing once the parser is done, asks for the page once more, and the entry does not hydrate
 * what is about to be replaced.
 */
export const DOCUMENT_END_ID = 'document-end';

/** Set on <html> by the head's script when the document arrived cut off and is being asked for again. */
export const CUT_ATTRIBUTE = 'data-cut';

/** Whether this document is being replaced by another copy of itself (its first arrived cut off). */
export const documentIsCut = () => document.documentElement.hasAttribute(CUT_ATTRIBUTE);

/**
 * Asks once more for a document that arrived cut off (decision 089): its server died while sending
 * it, after the head had gone out, so nginx could not ask the other server. When the parser is done
 * (readyState `interactive`, before any module script runs), a document without its end marker
 * marks <html> (the entry then leaves it alone) and reloads; once per address, remembered in
 * sessionStorage, so a page cut again stays as it came instead of reloading for ever, and without
 * sessionStorage it never reloads. A whole document forgets the address. First in the head, fixed
 * text: the CSP allows it by its hash (src/server/document.ts puts it there).
 */
export const CUT_DOCUMENT_RELOAD = `(function(){var d=document,k='document-cut',u=location.pathname+location.search;d.addEventListener('readystatechange',function(){if(d.readyState!=='interactive')return;try{var s=sessionStorage;if(d.getElementById('${DOCUMENT_END_ID}')){if(s.getItem(k)===u)s.removeItem(k);return}if(s.getItem(k)===u)return;s.setItem(k,u)}catch(e){return}d.documentElement.setAttribute('${CUT_ATTRIBUTE}','');location.reload()})})()`;
