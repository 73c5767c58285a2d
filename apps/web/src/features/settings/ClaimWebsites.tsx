import { zodResolver } from '@hookform/resolvers/zod';
import {
  ClaimWebsiteBodySchema,
  claimFileName,
  claimMetaTag,
  type WebsiteClaim,
} from '@pinboard/shared/website-claims';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { api, endpointKey } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { fieldError } from './fieldError.ts';
import styles from './Settings.module.css';

const CLAIMS = endpointKey('listWebsiteClaims');

/** A new claim's form, then each claim with how to prove it, Verify and Remove (decision 46). */
export function ClaimWebsites({ claims }: { claims: WebsiteClaim[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, reset, formState } = useForm<{ url: string }>({
    resolver: zodResolver(ClaimWebsiteBodySchema),
    reValidateMode: 'onSubmit',
    defaultValues: { url: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await api.claimWebsite({ body });
      reset();
      await queryClient.invalidateQueries({ queryKey: CLAIMS });
    } catch (error) {
      setFormError(fieldError(t, placeServerError(error, ['url'] as const, setError)));
    }
  });

  return (
    <>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('accountSettings.claim.url')}
          type="url"
          inputMode="url"
          autoComplete="url"
          hint={t('accountSettings.claim.urlHint')}
          error={fieldError(t, formState.errors.url?.message)}
          {...register('url')}
        />
        <FormError>{formError}</FormError>
        <div className={styles.row}>
          <Button type="submit" variant="primary" disabled={formState.isSubmitting}>
            {t('accountSettings.claim.submit')}
          </Button>
        </div>
      </form>
      {claims.length === 0 ? (
        <p className={styles.note}>{t('accountSettings.claim.empty')}</p>
      ) : (
        claims.map((claim) => <ClaimRow key={claim.id} claim={claim} />)
      )}
    </>
  );
}

function ClaimRow({ claim }: { claim: WebsiteClaim }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(action: 'verify' | 'remove') {
    setBusy(true);
    setProblem(null);
    try {
      if (action === 'verify') {
        await api.verifyWebsiteClaim({ params: { id: claim.id } });
        toast.show(t('accountSettings.claim.verifiedToast', { domain: claim.domain }), { durationMs: 5000 });
      } else {
        await api.removeWebsiteClaim({ params: { id: claim.id } });
      }
    } catch (error) {
      setProblem(errorMessage(t, error, 'auth.errors.generic'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: CLAIMS });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{claim.domain}</h2>
      <p>{claim.verified ? t('accountSettings.claim.verified') : t('accountSettings.claim.waiting')}</p>
      {!claim.verified && (
        <>
          <p>{t('accountSettings.claim.how', { origin: claim.origin })}</p>
          <p>{t('accountSettings.claim.metaTag')}</p>
          <code className={styles.code}>{claimMetaTag(claim.code)}</code>
          <p>{t('accountSettings.claim.file', { name: claimFileName(claim.code), code: claim.code })}</p>
        </>
      )}
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <div className={styles.row}>
        {!claim.verified && (
          <Button variant="primary" disabled={busy} onClick={() => void act('verify')}>
            {t('accountSettings.claim.verify')}
          </Button>
        )}
        <Button disabled={busy} onClick={() => void act('remove')}>
          {t('accountSettings.claim.remove')}
        </Button>
      </div>
    </section>
  );
}
