import './words.ts';
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import type { SearchTypeaheadProps } from './typeaheadContract.ts';
import { TypeaheadOptionRow } from './TypeaheadOptionRow.tsx';
import type { TypeaheadOption } from './typeaheadOptions.ts';
import styles from './SearchTypeahead.module.css';
import { useTypeahead } from './useTypeahead.ts';

// A click on the list must not take focus from the field (which would close the list first).
const keepFieldFocus = (event: { preventDefault: () => void }) => event.preventDefault();

/**
 * The header's typeahead list (a combobox's listbox; docs/product/search.md#api-calls): suggestions for what
 * is typed, or while the field is empty a signed-in viewer's recent searches (with Clear) and their
 * interests, or the popular ones (a visitor's only suggestions). The field keeps
 * focus; the arrow keys move the active option (aria-activedescendant), Enter chooses it, Escape closes the
 * list. Loaded lazily the first time the field takes focus.
 */
export function SearchTypeahead(props: SearchTypeaheadProps) {
  const { term, scope, listId, open, inputRef, keyHandlerRef, onStateChange, onChoose } = props;
  const { t } = useTranslation();
  const recentHeadingId = useId();
  const { groups, options, clearRecent, clearing } = useTypeahead(term, scope, open);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Escape closes the list until the term changes or an arrow key asks for it again.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const dismissed = dismissedFor === term;

  const expanded = open && !dismissed && options.length > 0;
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const active = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = active ? optionId(activeIndex) : undefined;

  useEffect(() => {
    onStateChange({ expanded, activeId });
  }, [expanded, activeId, onStateChange]);

  const choose = (option: TypeaheadOption) => {
    setActiveKey(null);
    onChoose(option.path);
  };

  // Read by the field's keydown handler; refreshed after every render so it sees this render's list.
  useLayoutEffect(() => {
    keyHandlerRef.current = (key) => {
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        if (!expanded) {
          if (!open || options.length === 0) return false;
          setDismissedFor(null);
          setActiveKey(options[key === 'ArrowDown' ? 0 : options.length - 1]!.key);
          return true;
        }
        // Moving past either end stays put; up from the first option goes back to the field's text.
        const next = key === 'ArrowDown' ? Math.min(activeIndex + 1, options.length - 1) : activeIndex - 1;
        setActiveKey(next >= 0 ? options[next]!.key : null);
        return true;
      }
      if (key === 'Enter' && active) {
        choose(active);
        return true;
      }
      if (key === 'Escape' && expanded) {
        setDismissedFor(term);
        setActiveKey(null);
        return true;
      }
      return false;
    };
  });
  useEffect(
    () => () => {
      keyHandlerRef.current = null;
    },
    [keyHandlerRef],
  );

  if (!expanded) return null;

  let index = 0;
  const rows = (group: (typeof groups)[number]) =>
    group.options.map((option) => {
      const id = optionId(index++);
      return (
        <TypeaheadOptionRow
          key={option.key}
          id={id}
          option={option}
          selected={id === activeId}
          onChoose={() => choose(option)}
        />
      );
    });

  const hasRecent = groups[0]?.name === 'recent';
  // The recent searches' heading sits outside the listbox with its Clear button (a button may not
  // be inside a listbox); their group is labelled by it.
  const headingIdOf = (name: string) => (name === 'recent' ? recentHeadingId : `${listId}-${name}`);
  return (
    <div className={styles.popup} onMouseDown={keepFieldFocus}>
      {hasRecent && (
        <div className={styles.recentHeader}>
          <span id={recentHeadingId} className={styles.heading}>
            {t('search.typeahead.recent')}
          </span>
          <button
            type="button"
            className={styles.clear}
            aria-label={t('search.typeahead.clearRecentLabel')}
            disabled={clearing}
            onClick={() => clearRecent(undefined, { onSuccess: () => inputRef.current?.focus() })}
          >
            {t('search.typeahead.clearRecent')}
          </button>
        </div>
      )}
      <div id={listId} role="listbox" aria-label={t('search.typeahead.listLabel')} className={styles.list}>
        {groups.map((group) => (
          <ul
            key={group.name}
            role="group"
            aria-labelledby={headingIdOf(group.name)}
            className={styles.group}
          >
            {group.name !== 'recent' && (
              <li role="presentation" id={headingIdOf(group.name)} className={styles.heading}>
                {t(`search.typeahead.${group.name}`)}
              </li>
            )}
            {rows(group)}
          </ul>
        ))}
      </div>
    </div>
  );
}
