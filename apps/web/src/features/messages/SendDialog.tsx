import './words.ts';
import type { UserSummary } from '@pinboard/shared';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@pinboard/shared/auth/email';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { api, endpointKey, queries } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import styles from './SendDialog.module.css';

/**
 * The Send dialog of a pin (decision 52): to people (a typeahead of those the viewer may send to;
 * the conversation with them is made or reused, and opens), by a copied link, or by email to one
 * address.
 */
export function SendDialog({ pinId, onClose }: { pinId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('messages.close')} width={420}>
      <h2 id={titleId} className={styles.title}>
        {t('messages.share.title')}
      </h2>
      <SendToPeople pinId={pinId} onSent={onClose} />
      <CopyLink pinId={pinId} />
      <SendByEmail pinId={pinId} />
    </Dialog>
  );
}

function SendToPeople({ pinId, onSent }: { pinId: string; onSent: () => void }) {
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
          pin_id: pinId,
          ...(text.trim() ? { text } : {}),
        },
      }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
      toast.show(t('messages.share.sent'), { durationMs: 3000 });
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
          <Button type="submit" variant="primary" aria-disabled={send.isPending || undefined}>
            {t('messages.share.sendTo')}
          </Button>
        </>
      )}
      {send.isError && (
        <FormError>{errorMessage(t, send.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </form>
  );
}

function CopyLink({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const link = `${window.location.origin}/pin/${pinId}/`;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard permission: the link still shows in the address bar of the closeup.
    }
    setCopied(true);
  };
  return (
    <div className={styles.section}>
      <Button onClick={() => void copy()}>
        {copied ? t('messages.share.copied') : t('messages.share.copyLink')}
      </Button>
    </div>
  );
}

function SendByEmail({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const send = useMutation({
    mutationFn: () => api.sendPinEmail({ params: { id: pinId }, body: { email } }),
    onSuccess: () => setEmail(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const valid = address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address);
    setInvalid(!valid);
    if (valid && !send.isPending) send.mutate();
  };
  return (
    <form className={styles.section} onSubmit={submit}>
      <label htmlFor={fieldId} className={styles.label}>
        {t('messages.share.emailLabel')}
      </label>
      <div className={styles.row}>
        <input
          id={fieldId}
          className={styles.field}
          type="text"
          inputMode="email"
          value={email}
          placeholder={t('messages.share.emailPlaceholder')}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" aria-disabled={send.isPending || undefined}>
          {t('messages.share.sendEmail')}
        </Button>
      </div>
      {invalid && <FormError>{t('messages.share.emailInvalid')}</FormError>}
      {send.isSuccess && <p role="status">{t('messages.share.emailSent')}</p>}
      {send.isError && (
        <FormError>{errorMessage(t, send.error, 'messages.loadError', { otherwise: 'detail' })}</FormError>
      )}
    </form>
  );
}
