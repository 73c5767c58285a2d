import './words.ts';
import type { UserSummary } from '@pinboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { api, endpointKey, queries } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import styles from './SendDialog.module.css';

/**
 * People to talk to (a typeahead of those the viewer may message, followed people first), picked
 * one or more; the conversation with exactly them is made or reused (decision 52) and opens. With a
 * pin (the Send dialog) it carries the pin and an optional message; without one (the inbox's New
 * message) it only opens the conversation, whose own composer takes the first message.
 */
export function PeoplePicker({ pinId, onSent }: { pinId?: string; onSent: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const searchId = useId();
  const messageId = useId();
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<UserSummary[]>([]);
  const [text, setText] = useState('');
  const people = useQuery(queries.messagePeople({ query: { q: term.trim() } }));
  const send = useMutation({
    mutationFn: () =>
      api.createConversation({
        body: {
          user_ids: picked.map((person) => person.id),
          ...(pinId ? { pin_id: pinId } : {}),
          ...(pinId && text.trim() ? { text } : {}),
        },
      }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
      if (pinId) toast.show(t('messages.share.sent'), { durationMs: 3000 });
      onSent();
      void navigate(`/conversation/${result.data.id}/`);
    },
  });
  const choices = (people.data ?? []).filter((person) => !picked.some((p) => p.id === person.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length > 0 && !send.isPending) send.mutate();
  };
  return (
    <form className={styles.section} onSubmit={submit}>
      <label htmlFor={searchId} className={styles.hidden}>
        {t('messages.share.searchLabel')}
      </label>
      <input
        id={searchId}
        className={styles.field}
        type="search"
        value={term}
        placeholder={t('messages.share.search')}
        autoComplete="off"
        data-autofocus
        onChange={(event) => setTerm(event.target.value)}
      />
      {picked.length > 0 && (
        <ul className={styles.chips}>
          {picked.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                className={styles.chip}
                aria-label={t('messages.share.remove', { name: displayName(person) })}
                onClick={() => setPicked(picked.filter((p) => p.id !== person.id))}
              >
                {displayName(person)} ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <ul className={styles.people} aria-label={t('messages.share.searchLabel')}>
        {choices.map((person) => (
          <li key={person.id}>
            <button type="button" className={styles.person} onClick={() => setPicked([...picked, person])}>
              <PinnerAvatar user={person} size={32} />
              <span>{displayName(person)}</span>
              <span className={styles.muted}>@{person.username}</span>
            </button>
          </li>
        ))}
        {people.isSuccess && choices.length === 0 && term.trim() !== '' && (
          <li className={styles.muted}>{t('messages.share.noPeople')}</li>
        )}
      </ul>
      {picked.length > 0 && (
        <>
          {pinId && (
            <>
              <label htmlFor={messageId} className={styles.hidden}>
                {t('messages.share.message')}
              </label>
              <input
                id={messageId}
                className={styles.field}
                value={text}
                placeholder={t('messages.share.message')}
                onChange={(event) => setText(event.target.value)}
              />
            </>
          )}
          <Button type="submit" variant="primary" aria-disabled={send.isPending || undefined}>
            {t(pinId ? 'messages.share.sendTo' : 'messages.newMessage.next')}
          </Button>
        </>
      )}
      {send.isError && (
        <FormError>{errorMessage(t, send.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </form>
  );
}
