import { useEffect, useState } from 'react';

/** Whether the page is scrolled past `px` (the header turns compact at 150 px, spec §9). */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

export const COMPACT_HEADER_AT_PX = 150;
