import { COMMENT_TEXT_MAX } from '@pinboard/shared/comment-limits';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessageLater } from '../../api/errorMessageLater.ts';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import { insertMention, mentionAt } from './mentionQuery.ts';
import { useCommentWrites } from './useComments.ts';
import { useMentionSuggestions } from './useMentionSuggestions.ts';
import styles from './Comments.module.css';

/** Characters left under which the composer says how many. */
const SHOW_REMAINING_UNDER = 50;

interface ComposerProps {
  pinId: string;
  /** A reply: the comment answered and its author's name; the field starts focused. */
  replyTo?: { id: string; name: string };
  onDone?: () => void;
}

/**
 * The comment field: a visitor's focus opens sign-up (commentComposer); `@` and a name offers
 * people to mention (arrow keys, Enter or a click picks one); Post sends it.
 */
export function CommentComposer({ pinId, replyTo, onDone }: ComposerProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const authModal = useAuthModal();
  const { create } = useCommentWrites(pinId);
  const [text, setText] = useState('');
  const [mention, setMention] = useState<{ start: number; term: string } | null>(null);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const people = useMentionSuggestions(mention?.term ?? null);
  const open = mention !== null && people.length > 0;
  const label = replyTo ? t('comments.replyField', { name: replyTo.name }) : t('comments.field');

  const promptVisitor = () => {
    if (authModal.promptSignup({ container: 'home_page', signupSource: 'commentComposer', pinId })) {
      field.current?.blur();
    }
  };
  const update = (value: string, caret: number) => {
    setText(value);
    setMention(mentionAt(value, caret));
    setActive(0);
  };
  const pick = (username: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, username);
    setText(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + people.length) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(people[active]!.username);
    } else if (event.key === 'Escape') {
      setMention(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (viewer === null) return promptVisitor();
    if (text.trim() === '' || create.isPending) return;
    setFailure(null);
    create.mutate(
      { text, ...(replyTo ? { parent_id: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
        onError: async (error) => setFailure(await errorMessageLater(t, error, 'comments.writeError')),
      },
    );
  };
  const remaining = COMMENT_TEXT_MAX - text.length;

  return (
    <form className={styles.composer} onSubmit={submit}>
      {viewer && <PinnerAvatar user={viewer} size={32} />}
      <div className={styles.fieldWrap}>
        <textarea
          ref={field}
          className={styles.field}
          aria-label={label}
          placeholder={t('comments.placeholder')}
          value={text}
          rows={1}
          maxLength={COMMENT_TEXT_MAX}
          autoFocus={replyTo !== undefined}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          onFocus={viewer === null ? promptVisitor : undefined}
          onChange={(event) => update(event.target.value, event.target.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {open && (
          <ul id={listId} role="listbox" aria-label={t('comments.mentionList')} className={styles.mentions}>
            {people.map((person, index) => (
              <li
                key={person.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.mentionOption}
                // Before the field's blur, so the pick lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(person.username);
                }}
              >
                <PinnerAvatar user={person} size={24} />
                <span>{person.full_name || person.username}</span>
                <span className={styles.subtle}>@{person.username}</span>
              </li>
            ))}
          </ul>
        )}
        {remaining < SHOW_REMAINING_UNDER && (
          <span className={styles.subtle} aria-live="polite">
            {t('comments.remaining', { count: remaining })}
          </span>
        )}
        {failure && (
          <span role="alert" className={styles.error}>
            {failure}
          </span>
        )}
      </div>
      {replyTo && onDone && <Button onClick={onDone}>{t('comments.cancel')}</Button>}
      <Button
        type="submit"
        variant="primary"
        disabled={viewer !== null && (text.trim() === '' || create.isPending)}
      >
        {t('comments.post')}
      </Button>
    </form>
  );
}
