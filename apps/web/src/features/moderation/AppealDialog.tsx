import './words.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { APPEAL_REASON_MAX } from '@pinboard/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { api } from '../../api/endpoints.ts';
import { errorMessage, type WordsKey } from '../../api/errorMessage.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormError } from '../../ui/FormError.tsx';
import styles from './Moderation.module.css';

const AppealFormSchema = z.object({
  reason: z.string().trim().min(1, { error: 'appeal_reason_required' }).max(APPEAL_REASON_MAX),
});
type AppealForm = z.infer<typeof AppealFormSchema>;

/** What an owner may appeal the removal of. */
export type AppealableType = 'pin' | 'comment' | 'board';

const LABELS: Record<AppealableType, WordsKey> = {
  pin: 'moderation.appealDialog.label',
  comment: 'moderation.appealDialog.commentLabel',
  board: 'moderation.appealDialog.boardLabel',
};

/** The Appeal form of a removed pin, board or comment: a reason; sent once, then an operator decides. */
export function AppealDialog({
  objectType,
  objectId,
  onClose,
  onSent,
}: {
  objectType: AppealableType;
  objectId: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AppealForm>({ resolver: zodResolver(AppealFormSchema) });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await api.createAppeal({ body: { object_type: objectType, object_id: objectId, reason } });
      onSent();
    } catch (error) {
      setFormError(placeServerError(error, ['reason'], form.setError));
    }
  });
  const reasonError = errors.reason?.message;
  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      closeLabel={t('moderation.appealDialog.close')}
      width={480}
    >
      <h2 id={titleId}>{t('moderation.appealDialog.title')}</h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={fieldId}>{t(LABELS[objectType])}</label>
        <textarea
          id={fieldId}
          maxLength={APPEAL_REASON_MAX}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? errorId : undefined}
          {...form.register('reason')}
        />
        {reasonError && (
          <p id={errorId} className={styles.error}>
            {errorMessage(t, reasonError, 'moderation.appealDialog.failed')}
          </p>
        )}
        {formError && <FormError>{errorMessage(t, formError, 'moderation.appealDialog.failed')}</FormError>}
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('moderation.appealDialog.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={isSubmitting || undefined}>
            {t('moderation.appealDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
