import { useEffect, useState } from 'react';

/** Whether the page is scrolled past `px` (the header turns compact at 150 px, spec §9). */
export function useScrolledPast(px: number): boolean {
  // Not read from the window at first: a page scrolled before its hydration (its scripts come after
  // it, decision 070) would draw another header than the server's, and React would draw it all again,
  // losing what was typed meanwhile (decision 085). The effect reads it a moment later.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

export const COMPACT_HEADER_AT_PX = 150;
