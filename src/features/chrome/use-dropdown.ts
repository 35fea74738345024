import { useEffect, useRef, useState } from 'react';

/**
 * A dropdown that opens on click or keyboard, closes on Escape, on a click outside and on focus
 * leaving it; hover opening is left to CSS so it works without JavaScript timing. Escape from
 * inside gives focus back to the trigger (the element with aria-expanded), not to the page.
 */
export function useDropdown<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const root = ref.current;
      if (root && root.contains(document.activeElement)) root.querySelector<HTMLElement>('[aria-expanded]')?.focus();
      setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  // Focus moving to a control outside (Tab) closes it. A click inside on something that takes no
  // focus (a radio's label) moves focus to nothing: that must not close it before the click lands;
  // clicks outside are the mousedown listener's.
  const onBlur = (event: React.FocusEvent<T>) => {
    const next = event.relatedTarget as Node | null;
    if (next !== null && !event.currentTarget.contains(next)) setOpen(false);
  };
  // The ref apart from the state: React's lint treats everything in an object with a ref as a ref.
  return [ref, { open, setOpen, toggle: () => setOpen((o) => !o), onBlur }] as const;
}
