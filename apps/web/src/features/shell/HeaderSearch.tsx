import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from './icons.tsx';
import styles from './AppHeader.module.css';

/** Where a search for `query` goes: the pin results page (its typeahead comes with discovery). */
export function searchPathOf(query: string): string {
  return `/search/pins/?${new URLSearchParams({ q: query }).toString()}`;
}

/**
 * The header's search field: a real form, so Enter submits it with or without JavaScript's
 * help. On a search page it shows the current query, so a person can refine it.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const inputId = useId();
  const current = pathname.startsWith('/search') ? (searchParams.get('q') ?? '') : '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (query) void navigate(searchPathOf(query));
  }

  return (
    <form role="search" className={styles.search} action="/search/pins/" method="get" onSubmit={submit}>
      <label htmlFor={inputId} className={styles.visuallyHidden}>
        {t('shell.searchLabel')}
      </label>
      <span className={styles.searchIcon}>
        <SearchIcon />
      </span>
      <input
        // Keyed by the query in the address, so going back to another search shows that one.
        key={current}
        id={inputId}
        className={styles.searchInput}
        type="search"
        name="q"
        defaultValue={current}
        placeholder={t('shell.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
