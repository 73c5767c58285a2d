import { conversionTagSnippet } from '@pinboard/shared/promoted-events';
import { roleMay, type Advertiser } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n.ts';
import { useParams } from 'react-router';
import { api, queries } from '../api/endpoints.ts';
import { errorMessage } from '../api/errorMessage.ts';
import { AdvertiserNav } from '../features/business/AdvertiserNav.tsx';
import { AdvertiserRefused } from '../features/business/AdvertiserRefused.tsx';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import styles from '../features/business/Business.module.css';
import '../features/business/words.ts';
import { Button } from '../ui/Button.tsx';
import { CodeField } from '../ui/CodeField.tsx';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useCopyText } from '../ui/useCopyText.ts';
import { TOAST_MS } from '../features/pinMenu/toast.ts';

/**
 * `/advertiser/{advertiserId}/conversions/`: an ad account's conversion tags (decision 69), each
 * with the snippet to paste on the advertiser's site and a copy button; those who may manage ads
 * add a tag. A WEB_CONVERSION ad group pays for the conversions its tag reports.
 */
export function ConversionTagsPage() {
  const { t } = useTranslation();
  const { advertiserId = '' } = useParams();
  const advertiser = useQuery(queries.getAdvertiser({ params: { advertiserId } }));
  const tags = useQuery({
    ...queries.listConversionTags({ params: { advertiserId } }),
    enabled: advertiser.isSuccess,
  });
  return (
    <BusinessLayout
      title={t('business.conversions.title')}
      documentTitle={t('business.conversions.documentTitle')}
    >
      {advertiser.error ? (
        <AdvertiserRefused error={advertiser.error} />
      ) : !advertiser.data ? (
        <LoadingState />
      ) : (
        <>
          <AdvertiserNav advertiser={advertiser.data} current="conversions" />
          <p>{t('business.conversions.lead', { name: advertiser.data.name })}</p>
          {tags.isError ? (
            <ErrorState onRetry={() => void tags.refetch()} />
          ) : !tags.data ? (
            <LoadingState />
          ) : (
            <>
              {tags.data.length === 0 ? (
                <p role="status">{t('business.conversions.empty')}</p>
              ) : (
                tags.data.map((tag) => <TagSnippet key={tag.id} id={tag.id} name={tag.name} />)
              )}
              {roleMay(advertiser.data.role, 'manage_ads') && (
                <NewTagForm advertiser={advertiser.data} onCreated={() => void tags.refetch()} />
              )}
            </>
          )}
        </>
      )}
    </BusinessLayout>
  );
}

/** One tag: its snippet in a read-only field, and Copy. */
function TagSnippet({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const copyText = useCopyText();
  const code = conversionTagSnippet(window.location.origin, id);
  const copy = () =>
    copyText(code, {
      copied: t('business.conversions.copied'),
      failed: t('business.conversions.copyFailed'),
      durationMs: TOAST_MS,
    });
  return (
    <section className={`${styles.section} ${styles.form}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('business.conversions.tag', { name, id })}</h2>
      <CodeField label={t('business.conversions.snippet')} value={code} rows={10} />
      <p>{t('business.conversions.howTo')}</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void copy()}>
          {t('business.conversions.copy')}
        </Button>
      </div>
    </section>
  );
}

function NewTagForm({ advertiser, onCreated }: { advertiser: Advertiser; onCreated: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    api
      .createConversionTag({ params: { advertiserId: advertiser.id }, body: { name: name.trim() } })
      .then(() => {
        setName('');
        onCreated();
      })
      .catch((failure: unknown) =>
        setError(errorMessage(t, failure, 'business.promote.errorGeneric', { otherwise: 'serverDetail' })),
      )
      .finally(() => setBusy(false));
  }
  return (
    <form className={`${styles.section} ${styles.form}`} onSubmit={create} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('business.conversions.newTag')}</h2>
      <TextField
        label={t('business.conversions.name')}
        value={name}
        required
        maxLength={64}
        onChange={(event) => setName(event.target.value)}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy || name.trim() === ''}>
          {t('business.conversions.create')}
        </Button>
      </div>
    </form>
  );
}
