/**
 * A button that changes the search. With script, its click does it in the app (and builds on the
 * last search asked for: use-search-state.ts); before the scripts have loaded, or without them,
 * it is the submit button of a GET form to the address of that search (decision 074).
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { href, searchParamsOf } from '#src/lib/routes.ts';
import type { SearchState } from './search-params.ts';
import styles from './search.module.css';

/**
 * The search's address as a form's hidden fields: the route table's writing of a search the page
 * read (checked once, search-params.ts) and changed by a choice it offers; a page holds dozens.
 */
export function SearchFields({ state }: { state: SearchState }) {
  return (
    <>
      {[...searchParamsOf('search', state)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function SearchButton({
  target,
  onChoose,
  children,
  ...button
}: { target: SearchState; onChoose: () => void; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>) {
  return (
    <form method="get" action={href('search')} className={styles.inlineForm} onSubmit={(event) => event.preventDefault()}>
      <SearchFields state={target} />
      <button
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          onChoose();
        }}
      >
        {children}
      </button>
    </form>
  );
}
