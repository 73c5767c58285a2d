import { zodResolver } from '@hookform/resolvers/zod';
import type { UserProfile } from '@pinboard/shared';
import { PRONOUNS, PROFILE_LIMITS, ProfileFieldsSchema, type ProfileFields } from '@pinboard/shared/profile';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { api } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/toastContext.ts';
import styles from './ProfileEdit.module.css';
import { useProfileSaved } from './useProfileSaved.ts';
import { useUsernameCheck } from './useUsernameCheck.ts';

const TOAST_MS = 3000;
const FIELDS = ['first_name', 'last_name', 'username', 'about', 'website_url', 'pronouns'] as const;

function valuesOf(profile: UserProfile): ProfileFields {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    username: profile.username,
    about: profile.about,
    website_url: profile.website_url ?? '',
    pronouns: profile.pronouns.filter((p): p is ProfileFields['pronouns'][number] =>
      (PRONOUNS as readonly string[]).includes(p),
    ),
  };
}

/** The profile's fields with the server's own rules; Save sends them, Reset puts back the saved ones. */
export function ProfileEditForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const aboutId = useId();
  const pronounsHintId = useId();
  const toast = useToast();
  const profileSaved = useProfileSaved();
  // A refusal the form's fields cannot show (none of theirs): said under the form.
  const [formCode, setFormCode] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError, control } = useForm<ProfileFields>({
    resolver: zodResolver(ProfileFieldsSchema),
    mode: 'onChange',
    defaultValues: valuesOf(profile),
  });
  const save = useMutation({
    mutationFn: async (values: ProfileFields) => (await api.editProfile({ body: values })).data,
    onMutate: () => setFormCode(null),
    onError: (error) => setFormCode(placeServerError(error, FIELDS, setError)),
    onSuccess: async (saved) => {
      reset(valuesOf(saved));
      toast.show(t('settings.profile.saved'), { durationMs: TOAST_MS });
      await profileSaved(saved);
    },
  });
  const errorText = (message: string | undefined) =>
    message && errorMessage(t, message, 'settings.profile.failed', { otherwise: 'asWritten' });
  const { errors } = formState;
  const about = useWatch({ control, name: 'about' }) ?? '';
  const chosenPronouns = useWatch({ control, name: 'pronouns' }) ?? [];
  const typedUsername = useWatch({ control, name: 'username' }) ?? '';
  const usernameCheck = useUsernameCheck(typedUsername, profile.username);
  const usernameError =
    errorText(errors.username?.message) ??
    (usernameCheck === 'username_taken' ? errorText('username_taken') : undefined);

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('settings.profile.formLabel')}
      onSubmit={handleSubmit((values) => {
        if (!save.isPending) save.mutate(values);
      })}
    >
      <div className={styles.names}>
        <TextField
          label={t('settings.profile.firstName')}
          autoComplete="given-name"
          error={errorText(errors.first_name?.message)}
          {...register('first_name')}
        />
        <TextField
          label={t('settings.profile.lastName')}
          autoComplete="family-name"
          error={errorText(errors.last_name?.message)}
          {...register('last_name')}
        />
      </div>
      <TextField
        label={t('settings.profile.username')}
        autoComplete="username"
        spellCheck={false}
        error={usernameError}
        hint={
          usernameCheck === 'available' && !usernameError
            ? t('settings.profile.usernameAvailable')
            : t('settings.profile.usernameHint', {
                address: `${window.location.origin}/${typedUsername}`,
              })
        }
        {...register('username')}
      />
      <div className={styles.field}>
        <label htmlFor={aboutId} className={styles.label}>
          {t('settings.profile.about')}
        </label>
        <textarea
          id={aboutId}
          className={styles.textarea}
          rows={4}
          placeholder={t('settings.profile.aboutPlaceholder')}
          aria-invalid={errors.about ? true : undefined}
          aria-describedby={`${aboutId}-count`}
          {...register('about')}
        />
        <p id={`${aboutId}-count`} className={styles.counter} aria-live="polite">
          {t('settings.profile.aboutCount', { count: about.length, max: PROFILE_LIMITS.aboutMaxLength })}
        </p>
        {errors.about && <p className={styles.error}>{errorText(errors.about.message)}</p>}
      </div>
      <TextField
        label={t('settings.profile.website')}
        type="url"
        inputMode="url"
        placeholder="https://"
        error={errorText(errors.website_url?.message)}
        {...register('website_url')}
      />
      <fieldset className={styles.pronouns} aria-describedby={pronounsHintId}>
        <legend className={styles.label}>{t('settings.profile.pronouns')}</legend>
        <p id={pronounsHintId} className={styles.hint}>
          {t('settings.profile.pronounsHint', { max: PROFILE_LIMITS.pronounsMax })}
        </p>
        <div className={styles.chips}>
          {PRONOUNS.map((pronoun) => {
            const chosen = chosenPronouns.includes(pronoun);
            return (
              <label key={pronoun} className={styles.chip}>
                <input
                  type="checkbox"
                  value={pronoun}
                  disabled={!chosen && chosenPronouns.length >= PROFILE_LIMITS.pronounsMax}
                  {...register('pronouns')}
                />
                <span>{pronoun}</span>
              </label>
            );
          })}
        </div>
        {errors.pronouns && <p className={styles.error}>{errorText(errors.pronouns.message)}</p>}
      </fieldset>
      {formCode && <FormError>{errorMessage(t, save.error, 'settings.profile.failed')}</FormError>}
      <div className={styles.buttons}>
        <Button
          onClick={() => {
            save.reset();
            setFormCode(null);
            reset(valuesOf(profile));
          }}
          disabled={!formState.isDirty || save.isPending}
        >
          {t('settings.profile.reset')}
        </Button>
        <Button type="submit" variant="primary" disabled={!formState.isDirty || save.isPending}>
          {t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}
