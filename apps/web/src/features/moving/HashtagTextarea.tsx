import './words.ts';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '../../i18n.ts';
import styles from './HashtagTextarea.module.css';
import { findHashtagToken, insertHashtag } from './hashtagToken.ts';
import { useHashtagSuggestions } from './useHashtagSuggestions.ts';

type TextareaProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'value' | 'onChange' | 'defaultValue'>;

export interface HashtagTextareaProps extends TextareaProps {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A description field with the hashtag suggestion flyout (docs/product/saving.md#board-picker): while
 * the caret follows '#' and word characters, up to 5 hashtags with pin counts show under the
 * field. Up and down move through them, Enter (or a click) puts the chosen one in place of
 * what was typed, Escape closes the list until another tag is typed.
 */
export function HashtagTextarea({ value, onValueChange, className, ...props }: HashtagTextareaProps) {
  const { t } = useTranslation();
  const listId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const token = caret === null ? null : findHashtagToken(value, caret);
  const tokenKey = token ? `${token.start}:${token.query}` : null;
  const suggestions = useHashtagSuggestions(token && tokenKey !== dismissedAt ? token.query : null);
  const open = token !== null && suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !field.current) return;
    field.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const readCaret = () => setCaret(field.current?.selectionStart ?? null);
  const choose = (tag: string) => {
    if (!token) return;
    const next = insertHashtag(value, token, tag);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    onValueChange(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    props.onKeyDown?.(event);
    if (!open || event.defaultPrevented) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(suggestions.length - 1, activeIndex + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(suggestions[activeIndex]!.query);
    } else if (event.key === 'Escape') {
      // Only the flyout closes: a dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(tokenKey);
    }
  };

  return (
    <div className={styles.wrapper}>
      <textarea
        {...props}
        ref={field}
        className={className}
        value={value}
        onChange={(event) => {
          setActive(0);
          setCaret(event.target.selectionStart);
          onValueChange(event.target.value);
        }}
        onSelect={readCaret}
        onKeyDown={onKeyDown}
        // A textarea is a textbox: aria-expanded is not allowed on it (axe: aria-allowed-attr);
        // aria-controls and aria-activedescendant tie it to the open list.
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={t('moving.suggestionsLabel')} className={styles.flyout}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.query}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? `${styles.option} ${styles.active}` : styles.option}
              // Keeps the focus (and the caret) in the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion.query)}
            >
              <span className={styles.tag}>{suggestion.query}</span>
              {suggestion.pin_count !== null && (
                <span className={styles.count}>{t('moving.pinCount', { count: suggestion.pin_count })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
