/**
 * Below 1200px (decision 050) the nav, the category menu and, on the personal pages, the personal
 * center's menu live in this drawer, opened by the header's menu button: a modal <dialog> sliding
 * in from the left. Following a link, tapping beside it, Esc or its close button closes it; it
 * closes too when the window grows past the breakpoint, where the page shows them itself.
 */
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { CategoryAccordion } from '../../components/classes/category-menu.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { keepTabInside, useModalDialog } from '../../components/ui/modal.ts';
import { MainNav } from './home-nav.tsx';
import styles from './nav-drawer.module.css';

/** The width from which the page shows the nav itself (tokens.css, decision 050). */
export const NARROW_QUERY = '(max-width: 1199.98px)';

export function NavDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children?: ReactNode }) {
  const ref = useModalDialog(open);
  useEffect(() => {
    if (!open) return;
    const narrow = window.matchMedia(NARROW_QUERY);
    const close = () => !narrow.matches && onClose();
    narrow.addEventListener('change', close);
    return () => narrow.removeEventListener('change', close);
  }, [open, onClose]);
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    // A link followed, or a tap on the backdrop (the dialog itself, outside its panel).
    if (event.target === event.currentTarget || (event.target as Element).closest('a')) onClose();
  }
  return (
    // Esc (cancel) and the close button are its keyboard ways out; the click handler adds the pointer's.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog ref={ref} className={styles.drawer} aria-label="菜单" onCancel={(e) => (e.preventDefault(), onClose())} onKeyDown={keepTabInside} onClick={onClick}>
      {open && (
        <div className={styles.panel}>
          <div className={styles.head}>
            <span className={styles.title}>菜单</span>
            <button type="button" className={styles.close} aria-label="关闭菜单" onClick={onClose}>
              <CloseIcon size={22} />
            </button>
          </div>
          {children}
          <MainNav links={styles.links} current={styles.current} />
          <h2 className={styles.section}>全部课程分类</h2>
          <CategoryAccordion />
        </div>
      )}
    </dialog>
  );
}
