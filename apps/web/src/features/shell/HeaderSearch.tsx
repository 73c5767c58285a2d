import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '../../i18n.ts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SearchScope } from '@pinboard/shared';
import { searchPathOf, searchScopeOf } from '../search/searchPath.ts';
import type { TypeaheadKeyHandler, TypeaheadState } from '../search/typeaheadContract.ts';
import { SearchIcon } from './icons.tsx';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './AppHeader.module.css';

// The typeahead's list, queries and words are a chunk of their own, loaded when the field first takes focus.
const loadTypeahead = () => import('../search/SearchTypeahead.tsx');
const SearchTypeahead = lazy(async () => ({ default: (await loadTypeahead()).SearchTypeahead }));
const preloadTypeahead = () => void loadTypeahead();

const CLOSED: TypeaheadState = { expanded: false, activeId: undefined };

/**
 * The header's search field: a real form, so Enter submits it with or without JavaScript's
 * help, and a combobox whose typeahead suggests queries, boards and people. On a search page it
 * shows the current query and searches the same scope, so a person can refine it.
 */
export function HeaderSearch() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const scope = searchScopeOf(pathname);
  const current = scope ? (searchParams.get('q') ?? '') : '';
  // Keyed by the query in the address, so going back to another search shows that one.
  return <SearchField key={current} initialValue={current} scope={scope ?? 'pins'} />;
}

function SearchField({ initialValue, scope }: { initialValue: string; scope: SearchScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const keyHandlerRef = useRef<TypeaheadKeyHandler | null>(null);
  const [value, setValue] = useState(initialValue);
  const [focused, setFocused] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const [typeahead, setTypeahead] = useState<TypeaheadState>(CLOSED);

  const go = useCallback(
    (path: string) => {
      setFocused(false);
      inputRef.current?.blur();
      void navigate(path);
    },
    [navigate],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = value.trim();
    if (query) go(searchPathOf(query, scope, 'typed'));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (keyHandlerRef.current?.(event.key)) event.preventDefault();
  }

  return (
    <form
      role="search"
      className={styles.search}
      action="/search/pins/"
      method="get"
      onSubmit={submit}
      onFocus={() => {
        setFocused(true);
        setEngaged(true);
      }}
      // Focus moving within the form (to the typeahead's Clear button) keeps the list open.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <label htmlFor={inputId} className={hidden.visuallyHidden}>
        {t('shell.searchLabel')}
      </label>
      <span className={styles.searchIcon}>
        <SearchIcon />
      </span>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.searchInput}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={typeahead.expanded}
        aria-controls={typeahead.expanded ? listId : undefined}
        aria-activedescendant={typeahead.activeId}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        onPointerEnter={preloadTypeahead}
        placeholder={t('shell.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
      {engaged && (
        <Suspense fallback={null}>
          <SearchTypeahead
            term={value}
            scope={scope}
            listId={listId}
            open={focused}
            inputRef={inputRef}
            keyHandlerRef={keyHandlerRef}
            onStateChange={setTypeahead}
            onChoose={go}
          />
        </Suspense>
      )}
    </form>
  );
}
