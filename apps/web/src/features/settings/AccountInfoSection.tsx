import { zodResolver } from '@hookform/resolvers/zod';
import type { AccountSettings } from '@pinboard/shared/account-settings';
import { AccountSettingsPatchSchema, COUNTRIES, LANGUAGES } from '@pinboard/shared/account-settings';
import { GENDERS } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { api, endpointKey } from '../../api/endpoints.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { fieldError } from './fieldError.ts';
import styles from './Settings.module.css';

// The shared rules; an empty choice is "not set" and is not sent.
const AccountInfoFormSchema = z.object({
  locale: z.union([z.literal(''), AccountSettingsPatchSchema.shape.locale.unwrap()]),
  country: z.union([z.literal(''), AccountSettingsPatchSchema.shape.country.unwrap()]),
  gender: z.union([z.literal(''), AccountSettingsPatchSchema.shape.gender.unwrap()]),
  birthday: z.union([z.literal(''), AccountSettingsPatchSchema.shape.birthday.unwrap()]),
});
type AccountInfoForm = z.infer<typeof AccountInfoFormSchema>;
const FIELDS = ['locale', 'country', 'gender', 'birthday'] as const;

/** Language and country names in the language of the interface, from the browser's own tables. */
function useDisplayNames() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const languages = new Intl.DisplayNames([i18n.language], { type: 'language' });
    const countries = COUNTRIES.map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    return { countries, language: (tag: string) => languages.of(tag) ?? tag };
  }, [i18n.language]);
}

/**
 * Language, country, gender and birthday, saved together through `updateUserSettings`; a
 * birthday under the minimum age is refused by the server with sign-up's words, on the field.
 */
export function AccountInfoSection({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const names = useDisplayNames();
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<AccountInfoForm>({
    resolver: zodResolver(AccountInfoFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      locale: (settings.locale ?? '') as AccountInfoForm['locale'],
      country: settings.country ?? '',
      gender: settings.gender ?? '',
      birthday: settings.birthday ?? '',
    },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setStatus(null);
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    try {
      const { data } = await api.updateUserSettings({ body });
      queryClient.setQueryData(endpointKey('getUserSettings'), data);
      setStatus(t('accountSettings.info.saved'));
    } catch (error) {
      setFormError(fieldError(t, placeServerError(error, FIELDS, setError)));
    }
  });

  const describedError = (field: (typeof FIELDS)[number], id: string) =>
    errors[field]?.message ? { 'aria-invalid': true, 'aria-describedby': id } : {};

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('accountSettings.info.title')}</h2>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <label className={styles.select}>
          {t('accountSettings.info.language')}
          <select {...register('locale')} {...describedError('locale', `${headingId}-locale-error`)}>
            <option value="">{t('accountSettings.info.none')}</option>
            {LANGUAGES.map((tag) => (
              <option key={tag} value={tag}>
                {names.language(tag)}
              </option>
            ))}
          </select>
        </label>
        <FieldMessage id={`${headingId}-locale-error`} text={fieldError(t, errors.locale?.message)} />
        <label className={styles.select}>
          {t('accountSettings.info.country')}
          <select {...register('country')} {...describedError('country', `${headingId}-country-error`)}>
            <option value="">{t('accountSettings.info.none')}</option>
            {names.countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <FieldMessage id={`${headingId}-country-error`} text={fieldError(t, errors.country?.message)} />
        <label className={styles.select}>
          {t('accountSettings.info.gender')}
          <select {...register('gender')}>
            <option value="">{t('accountSettings.info.none')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`accountSettings.info.genders.${gender}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.select}>
          {t('accountSettings.info.birthday')}
          <input
            type="date"
            {...register('birthday')}
            {...describedError('birthday', `${headingId}-birthday-error`)}
          />
        </label>
        <FieldMessage id={`${headingId}-birthday-error`} text={fieldError(t, errors.birthday?.message)} />
        <p className={styles.note}>{t('accountSettings.info.birthdayHint')}</p>
        <FormError>{formError}</FormError>
        <div className={styles.row}>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {t('accountSettings.info.save')}
          </Button>
        </div>
        <p role="status">{status}</p>
      </form>
    </section>
  );
}

function FieldMessage({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.error}>
      {text}
    </p>
  ) : null;
}
