import './words.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@pinboard/shared/auth/email';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { api } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PeoplePicker } from './PeoplePicker.tsx';
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
      <PeoplePicker pinId={pinId} onSent={onClose} />
      <CopyLink pinId={pinId} />
      <SendByEmail pinId={pinId} />
    </Dialog>
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
