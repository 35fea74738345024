/**
 * The child selector (spec §2): the parent's passed children as a radio list with an
 * open/close toggle, plus 添加宝宝 to /personal/contacts. The choice is kept in the contact_id
 * cookie; a change reloads the page; no children clears it.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ChevronDown, PlusIcon } from '../../components/ui/icons.tsx';
import { browser } from '../../lib/browser.ts';
import { childStore, clearChild, selectChild } from '../../stores/child-store.ts';
import { usePassedChildren } from '../../lib/session/use-session.ts';
import styles from './child-selector.module.css';
import { useDropdown } from './use-dropdown.ts';
import { href } from '#src/lib/routes.ts';

export const CHILD_PLACEHOLDER = '请选择宝宝';

export function ChildSelector() {
  const children = usePassedChildren();
  const { contactId } = useSnapshot(childStore());
  const [dropdownRef, dropdown] = useDropdown<HTMLDivElement>();
  const list = children.data?.list;
  const selected = list?.find((c) => c.id === contactId) ?? null;

  useEffect(() => {
    // No children, or the chosen one is gone: forget the choice (spec §4).
    if (list && contactId !== null && !list.some((c) => c.id === contactId)) clearChild();
  }, [list, contactId]);

  function choose(id: number) {
    dropdown.setOpen(false);
    if (id === contactId) return;
    selectChild(id);
    browser.reload();
  }

  return (
    <div className={styles.selector} ref={dropdownRef} onBlur={dropdown.onBlur}>
      <span className={`${styles.label} phone-hidden`}>当前宝宝：</span>
      <button type="button" className={styles.trigger} aria-haspopup="listbox" aria-expanded={dropdown.open} onClick={dropdown.toggle}>
        <span className={selected ? styles.value : styles.placeholder}>{selected?.name ?? CHILD_PLACEHOLDER}</span>
        <ChevronDown size={14} className={dropdown.open ? styles.flipped : undefined} />
      </button>
      {dropdown.open && (
        <div className={styles.panel}>
          {children.isPending && <p className={styles.hint}>拼命加载中…</p>}
          {children.isError && <p className={styles.hint}>孩子信息加载失败，请稍后再试</p>}
          {list && list.length === 0 && <p className={styles.hint}>还没有通过审核的孩子信息</p>}
          {list && list.length > 0 && (
            <div role="radiogroup" aria-label="选择宝宝" className={styles.options}>
              {list.map((child) => (
                <label key={child.id} className={styles.option}>
                  <input type="radio" name="child" checked={child.id === contactId} onChange={() => choose(child.id)} />
                  <span className={styles.radio} aria-hidden="true" />
                  <span className={styles.name} title={child.name}>
                    {child.name}
                  </span>
                  {child.age !== undefined && <span className={styles.age}>{child.age}岁</span>}
                </label>
              ))}
            </div>
          )}
          <Link to={href('children')} className={styles.add} onClick={() => dropdown.setOpen(false)}>
            <PlusIcon size={14} />
            添加宝宝
          </Link>
        </div>
      )}
    </div>
  );
}
