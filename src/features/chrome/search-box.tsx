/** The header's class search: submits to /searchHome?name= (spec §2), as a GET form before the scripts load (decision 074). */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/ui/icons.tsx';
import styles from './search-box.module.css';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

export const SEARCH_PLACEHOLDER = '请输入课程名称搜索';

export function SearchBox({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const searched = useRouteSearch('search').name ?? '';
  const [name, setName] = useState(searched);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the box shows: a name typed while the page was still hydrating is in the field before
    // it is in the state (CI's journey searched for nothing once).
    const shown = new FormData(event.currentTarget).get('name');
    const trimmed = (typeof shown === 'string' ? shown : name).trim();
    navigate(trimmed ? href('search', { name: trimmed }) : href('search'));
  }

  return (
    <form role="search" method="get" action={href('search')} className={`${styles.box} ${compact ? styles.compact : ''}`} onSubmit={submit}>
      <input className={styles.input} type="search" name="name" aria-label="课程名称" placeholder={SEARCH_PLACEHOLDER} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
      <button className={styles.button} type="submit">
        <SearchIcon size={18} />
        <span className="phone-hidden">搜索</span>
      </button>
    </form>
  );
}
