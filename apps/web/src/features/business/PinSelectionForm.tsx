import './words.ts';
import {
  AGE_BUCKETS,
  CONVERSION_EVENTS,
  TARGETING_GENDERS,
  type Advertiser,
  type Pin,
} from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { api, queries } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toggle, type Objective, type Values } from './promoteForm.ts';
import styles from './Business.module.css';

interface PinSelectionFormProps {
  pin: Pin;
  values: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
  account: Advertiser | null;
  currency: string;
  minBudget: number;
  budgetError: string | null;
  durationError: string | null;
  /** A failure shown on the pin (the call answered 401). */
  pinError: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** Quick promote's first step: the pin, and its campaign's name, link, goal, budget, dates and audience. */
export function PinSelectionForm({
  pin,
  values,
  set,
  account,
  currency,
  minBudget,
  budgetError,
  durationError,
  pinError,
  busy,
  onSubmit,
}: PinSelectionFormProps) {
  const { t } = useTranslation();
  const tags = useQuery({
    ...queries.listConversionTags({ params: { advertiserId: account?.id ?? '0' } }),
    enabled: !!account && values.objective === 'WEB_CONVERSION',
  });
  const image = pin.images['236x'];
  return (
    <form className={`${styles.section} ${styles.form}`} onSubmit={onSubmit}>
      <div className={styles.pinPreview}>
        <img src={image.url} alt={pin.alt_text || pin.title} width={image.width} height={image.height} />
        <div>
          <strong>{pin.title}</strong>
          {pinError && (
            <p role="alert" className={styles.error}>
              {pinError}
            </p>
          )}
        </div>
      </div>
      <TextField
        label={t('business.promote.name')}
        value={values.name}
        required
        maxLength={64}
        onChange={(event) => set('name', event.target.value)}
      />
      <TextField
        label={t('business.promote.destination')}
        type="url"
        value={values.destination}
        onChange={(event) => set('destination', event.target.value)}
      />
      <label className={styles.select}>
        <span>{t('business.promote.objective')}</span>
        <select
          value={values.objective}
          onChange={(event) => set('objective', event.target.value as Objective)}
        >
          <option value="CONSIDERATION">{t('business.promote.objectives.CONSIDERATION')}</option>
          <option value="WEB_CONVERSION" disabled={!account}>
            {t('business.promote.objectives.WEB_CONVERSION')}
          </option>
        </select>
      </label>
      {values.objective === 'WEB_CONVERSION' && account && (
        <>
          <label className={styles.select}>
            <span>{t('business.promote.conversionTag')}</span>
            <select value={values.tagId} onChange={(event) => set('tagId', event.target.value)}>
              <option value="" />
              {(tags.data ?? []).map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
          </label>
          {tags.data?.length === 0 && (
            <Button
              onClick={async () => {
                const { data } = await api.createConversionTag({
                  params: { advertiserId: account.id },
                  body: { name: `${account.name} tag` },
                });
                await tags.refetch();
                set('tagId', data.id);
              }}
            >
              {t('business.promote.createTag')}
            </Button>
          )}
          <label className={styles.select}>
            <span>{t('business.promote.conversionEvent')}</span>
            <select
              value={values.event}
              onChange={(event) => set('event', event.target.value as Values['event'])}
            >
              {CONVERSION_EVENTS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <TextField
        label={t('business.promote.budget', { currency })}
        inputMode="decimal"
        value={values.budget}
        error={budgetError}
        hint={budgetError ? undefined : t('business.promote.budgetHint', { min: minBudget, currency })}
        onChange={(event) => set('budget', event.target.value)}
      />
      <label>
        <input
          type="checkbox"
          checked={values.ongoing}
          onChange={(event) => set('ongoing', event.target.checked)}
        />{' '}
        {t('business.promote.ongoing')}
      </label>
      {!values.ongoing && (
        <>
          <TextField
            label={t('business.promote.duration')}
            inputMode="numeric"
            value={values.duration}
            error={durationError}
            onChange={(event) => set('duration', event.target.value)}
          />
          <TextField
            label={t('business.promote.endDate')}
            type="date"
            value={values.endDate}
            onChange={(event) => set('endDate', event.target.value)}
          />
        </>
      )}
      <fieldset className={styles.checks}>
        <legend>{t('business.promote.audience')}</legend>
        <label>
          <input
            type="checkbox"
            checked={values.autoTargeting}
            onChange={(event) => set('autoTargeting', event.target.checked)}
          />{' '}
          {t('business.promote.autoTargeting')}
        </label>
      </fieldset>
      <fieldset className={styles.checks}>
        <legend>{t('business.promote.ages')}</legend>
        {AGE_BUCKETS.map((age) => (
          <label key={age}>
            <input
              type="checkbox"
              checked={values.ages.includes(age)}
              onChange={(event) => set('ages', toggle(values.ages, age, event.target.checked))}
            />{' '}
            {age}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.checks}>
        <legend>{t('business.promote.genders')}</legend>
        {TARGETING_GENDERS.map((gender) => (
          <label key={gender}>
            <input
              type="checkbox"
              checked={values.genders.includes(gender)}
              onChange={(event) => set('genders', toggle(values.genders, gender, event.target.checked))}
            />{' '}
            {t(`business.promote.genderNames.${gender}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('business.promote.interests')}
        value={values.interests}
        onChange={(event) => set('interests', event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy || values.name.trim() === ''}>
          {t('business.promote.next')}
        </Button>
      </div>
    </form>
  );
}
