import './words.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateAgeAppealSchema, type CreateAgeAppeal } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { api, queries } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { clearUnderageFlag } from '../auth/underageFlag.ts';
import { readAgeReview, storeAgeReview, type StoredAgeReview } from './ageReview.ts';
import styles from './Moderation.module.css';

const noSubscription = () => () => {};

/** The outcome of the review this browser asked for; approved lifts the sign-up block here. */
function AgeReviewStatus({ review, onGone }: { review: StoredAgeReview; onGone: () => void }) {
  const { t } = useTranslation();
  const status = useQuery(queries.getAgeAppeal({ params: { id: review.id }, query: { key: review.key } }));
  const state = status.data?.status;
  useEffect(() => {
    if (state === 'approved') clearUnderageFlag();
  }, [state]);
  useEffect(() => {
    if (status.isError) onGone();
  }, [status.isError, onGone]);
  if (status.isPending) return <LoadingState />;
  if (!state) return null;
  return (
    <div data-testid="age-review-status">
      <p className={styles.status}>{t(`moderation.age.${state}`)}</p>
      {state === 'approved' && <Link to="/signup/">{t('moderation.age.signUp')}</Link>}
    </div>
  );
}

/** `/age-appeal/`: ask for a review of a birthday the age rule refused, then see its outcome. */
export function AgeAppealForm() {
  const { t } = useTranslation();
  // The stored review is the browser's: the server render (and hydration) shows the loading state.
  const browser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [changed, setChanged] = useState<{ review: StoredAgeReview | null } | null>(null);
  const review = changed ? changed.review : browser ? readAgeReview() : null;
  const setReview = (next: StoredAgeReview | null) => setChanged({ review: next });
  const checked = browser;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateAgeAppeal>({ resolver: zodResolver(CreateAgeAppealSchema) });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const { data: made } = await api.createAgeAppeal({ body });
      const stored = { id: made.id, key: made.key ?? '' };
      storeAgeReview(stored);
      setReview(stored);
    } catch (error) {
      setFormError(placeServerError(error, ['email', 'birthday'], form.setError));
    }
  });
  if (!checked) return <LoadingState />;
  if (review) {
    return (
      <AgeReviewStatus
        review={review}
        onGone={() => {
          storeAgeReview(null);
          setReview(null);
        }}
      />
    );
  }
  const fieldError = (message: string | undefined) =>
    message ? errorMessage(t, message, 'moderation.age.failed') : undefined;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('moderation.age.intro')}</p>
      <TextField
        label={t('moderation.age.email')}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...form.register('email')}
      />
      <TextField
        label={t('moderation.age.birthday')}
        type="date"
        autoComplete="bday"
        error={fieldError(errors.birthday?.message)}
        {...form.register('birthday')}
      />
      {formError && <FormError>{errorMessage(t, formError, 'moderation.age.failed')}</FormError>}
      <div className={styles.buttons}>
        <Button type="submit" variant="primary" aria-disabled={isSubmitting || undefined}>
          {t('moderation.age.submit')}
        </Button>
      </div>
    </form>
  );
}
