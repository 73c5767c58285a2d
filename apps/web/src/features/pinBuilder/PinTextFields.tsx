import { useTranslation, type TFunction } from '../../i18n.ts';
import { useId } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextField } from '../../ui/TextField.tsx';
import { HashtagTextarea } from '../moving/HashtagTextarea.tsx';
import { FIELD_MAX, type PinText } from './pinBuilderForm.ts';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './PinBuilder.module.css';

/** The words of a PinTextSchema message (an i18n key under `pinBuilder.fields`) on a field. */
export function pinFieldMessage(
  t: TFunction,
  field: keyof PinText,
  key: string | undefined,
): string | undefined {
  if (key === 'tooLong') return t('pinBuilder.fields.tooLong', { max: FIELD_MAX[field] });
  if (key === 'linkInvalid') return t('pinBuilder.fields.linkInvalid');
  return undefined;
}

interface PinTextFieldsProps {
  control: Control<PinText>;
  register: UseFormRegister<PinText>;
  errors: FieldErrors<PinText>;
}

/** Title (counter, at most 100), description (counter, at most 500, hashtag flyout) and link. */
export function PinTextFields({ control, register, errors }: PinTextFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [title, description] = useWatch({ control, name: ['title', 'description'] });
  const message = (field: keyof PinText) => pinFieldMessage(t, field, errors[field]?.message);
  const descriptionError = message('description');

  return (
    <>
      <TextField
        label={t('pinBuilder.fields.title')}
        placeholder={t('pinBuilder.fields.titlePlaceholder')}
        autoComplete="off"
        error={message('title')}
        hint={<Counter count={title.length} max={FIELD_MAX.title} />}
        {...register('title')}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          {t('pinBuilder.fields.description')}
        </label>
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <HashtagTextarea
              id={`${id}-description`}
              className={styles.textarea}
              rows={4}
              placeholder={t('pinBuilder.fields.descriptionPlaceholder')}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={`${id}-description-counter${descriptionError ? ` ${id}-description-error` : ''}`}
            />
          )}
        />
        {descriptionError && (
          <p id={`${id}-description-error`} className={styles.error}>
            {descriptionError}
          </p>
        )}
        <div id={`${id}-description-counter`} className={styles.hint}>
          <Counter count={description.length} max={FIELD_MAX.description} />
        </div>
      </div>
      <TextField
        label={t('pinBuilder.fields.link')}
        placeholder={t('pinBuilder.fields.linkPlaceholder')}
        type="url"
        inputMode="url"
        autoComplete="url"
        error={message('link')}
        {...register('link')}
      />
    </>
  );
}

/** '42/100', red past the limit; read out as '42 of 100 characters'. */
export function Counter({ count, max }: { count: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span className={count > max ? `${styles.counter} ${styles.over}` : styles.counter}>
      <span aria-hidden="true">{t('pinBuilder.fields.counter', { count, max })}</span>
      <span className={hidden.visuallyHidden}>{t('pinBuilder.fields.counterLabel', { count, max })}</span>
    </span>
  );
}
