import { zodResolver } from '@hookform/resolvers/zod';
import { MFA_LIMITS, MfaCodeSchema } from '@pinboard/shared';
import { PhoneNumberSchema, type AccountSecurity } from '@pinboard/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PasswordConfirm } from './PasswordConfirm.tsx';
import { ReauthForm } from './ReauthForm.tsx';
import { placeServerError } from '../../api/formErrors.ts';
import { fieldError } from './fieldError.ts';
import styles from './Settings.module.css';
import { confirmPhone, removePhone, startPhone } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';

const PasswordSchema = z.string().min(1, { error: 'password_required' });
const StartSchema = z.object({ phone_number: PhoneNumberSchema, password: PasswordSchema });
const ConfirmSchema = z.object({ code: MfaCodeSchema });

type Mode = 'view' | 'add' | 'confirm' | 'remove';

/**
 * The phone number two-factor login texts: add one (checked with libphonenumber-js, which only
 * this lazy chunk carries) with the password, confirm it with the texted code, or remove it.
 */
export function PhoneSection({ security }: { security: AccountSecurity }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const unconfirmed = security.phone_number_end !== null && !security.phone_confirmed;
  const [mode, setMode] = useState<Mode>(unconfirmed ? 'confirm' : 'view');
  const [status, setStatus] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey('getAccountSecurity') });

  function done(next: Mode, text: string | null) {
    setMode(next);
    setStatus(text);
    void refresh();
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.phone.title')}</h2>
      <p className={styles.note}>{t('settings.phone.text')}</p>
      <p>
        {security.phone_number_end === null
          ? t('settings.phone.none')
          : security.phone_confirmed
            ? t('settings.phone.confirmed', { end: security.phone_number_end })
            : t('settings.phone.unconfirmed', { end: security.phone_number_end })}
      </p>
      {mode === 'view' && (
        <div className={styles.row}>
          <Button
            variant={security.phone_number_end ? 'secondary' : 'primary'}
            onClick={() => setMode('add')}
          >
            {security.phone_number_end ? t('settings.phone.change') : t('settings.phone.add')}
          </Button>
          {security.phone_number_end !== null && (
            <Button onClick={() => setMode('remove')}>{t('settings.phone.remove')}</Button>
          )}
        </div>
      )}
      {mode === 'add' && (
        <StartForm
          onSent={() => done('confirm', t('settings.phone.sent', { minutes: MFA_LIMITS.codeTtlMinutes }))}
          onCancel={() => setMode(unconfirmed ? 'confirm' : 'view')}
        />
      )}
      {mode === 'confirm' && (
        <ConfirmForm
          onConfirmed={() => done('view', t('settings.phone.confirmedToast'))}
          onChange={() => setMode('add')}
        />
      )}
      {mode === 'remove' && (
        <ReauthForm
          submitLabel={t('settings.phone.removeSubmit')}
          onSubmit={async (password) => {
            await removePhone({ password });
            done('view', t('settings.phone.removed'));
          }}
          onCancel={() => setMode('view')}
        />
      )}
      <p role="status">{status}</p>
    </section>
  );
}

function StartForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof StartSchema>,
    unknown,
    z.output<typeof StartSchema>
  >({ resolver: zodResolver(StartSchema), defaultValues: { phone_number: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await startPhone(values);
      onSent();
    } catch (error) {
      setFormError(fieldError(t, placeServerError(error, ['phone_number', 'password'] as const, setError)));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('settings.fields.phoneNumber')}
        type="tel"
        autoComplete="tel"
        hint={t('settings.phone.hint')}
        error={fieldError(t, errors.phone_number?.message)}
        autoFocus
        {...register('phone_number')}
      />
      <PasswordConfirm registration={register('password')} error={fieldError(t, errors.password?.message)} />
      <FormError className={styles.error}>{formError}</FormError>
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {t('settings.phone.send')}
        </Button>
        <Button onClick={onCancel}>{t('settings.cancel')}</Button>
      </div>
    </form>
  );
}

function ConfirmForm({ onConfirmed, onChange }: { onConfirmed: () => void; onChange: () => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof ConfirmSchema>,
    unknown,
    z.output<typeof ConfirmSchema>
  >({ resolver: zodResolver(ConfirmSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await confirmPhone(values);
      onConfirmed();
    } catch (error) {
      setFormError(fieldError(t, placeServerError(error, ['code'] as const, setError)));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('settings.fields.code')}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={fieldError(t, errors.code?.message)}
        {...register('code')}
      />
      <FormError className={styles.error}>{formError}</FormError>
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {t('settings.phone.confirm')}
        </Button>
        <Button onClick={onChange}>{t('settings.phone.change')}</Button>
      </div>
    </form>
  );
}
