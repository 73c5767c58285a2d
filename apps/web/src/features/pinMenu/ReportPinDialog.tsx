import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASONS, type Pin } from '@pinboard/shared';
import './words.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { api } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { useToast } from '../../ui/toastContext.ts';
import styles from './PinMenu.module.css';
import { TOAST_MS } from './toast.ts';

// The reasons are the server's; a message is a word key under pinMenu.reportDialog.
const ReportFormSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'chooseReason' }),
});
type ReportForm = z.infer<typeof ReportFormSchema>;

/** 'Report Pin': why, one of the reasons; sent as an open report (moderation: decision 54). */
export function ReportPinDialog({ pin, onClose }: { pin: Pin; onClose: () => void }) {
  return <ReportDialog objectType="pin" objectId={pin.id} onClose={onClose} />;
}

/**
 * What the report dialog reports: a pin, a board (its "…" menu), a person (their profile's) or a
 * comment (its Report item).
 */
export type ReportedType = 'pin' | 'board' | 'user' | 'comment';

/** Words of the dialog per reported type; the pin's are the dialog's first ones. */
const WORDS = {
  pin: {
    title: 'pinMenu.reportDialog.title',
    legend: 'pinMenu.reportDialog.legend',
    sent: 'pinMenu.reportDialog.sent',
  },
  board: {
    title: 'pinMenu.reportDialog.board.title',
    legend: 'pinMenu.reportDialog.board.legend',
    sent: 'pinMenu.reportDialog.board.sent',
  },
  user: {
    title: 'pinMenu.reportDialog.user.title',
    legend: 'pinMenu.reportDialog.user.legend',
    sent: 'pinMenu.reportDialog.user.sent',
  },
  comment: {
    title: 'pinMenu.reportDialog.comment.title',
    legend: 'pinMenu.reportDialog.comment.legend',
    sent: 'pinMenu.reportDialog.comment.sent',
  },
} as const satisfies Record<ReportedType, { title: string; legend: string; sent: string }>;

/** Report something: why, one of the reasons; sent as an open report for operators to decide. */
export function ReportDialog({
  objectType,
  objectId,
  onClose,
}: {
  objectType: ReportedType;
  objectId: string;
  onClose: () => void;
}) {
  const words = WORDS[objectType];
  const { t } = useTranslation();
  const titleId = useId();
  const errorId = useId();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ReportForm>({ resolver: zodResolver(ReportFormSchema) });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await api.createReport({ body: { object_type: objectType, object_id: objectId, reason } });
      toast.show(t(words.sent), { durationMs: TOAST_MS });
      onClose();
    } catch (error) {
      setFormError(placeServerError(error, ['reason'], form.setError));
    }
  });
  const reasonError = errors.reason?.message;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('pinMenu.close')} width={440}>
      <h2 id={titleId} className={styles.title}>
        {t(words.title)}
      </h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset
          className={styles.reasons}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? errorId : undefined}
        >
          <legend>{t(words.legend)}</legend>
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className={styles.reason}>
              <input type="radio" value={reason} {...form.register('reason')} />
              {t(`pinMenu.reportDialog.reasons.${reason}`)}
            </label>
          ))}
        </fieldset>
        {reasonError && (
          <p id={errorId} className={styles.error}>
            {reasonError === 'chooseReason'
              ? t('pinMenu.reportDialog.chooseReason')
              : errorMessage(t, reasonError, 'pinMenu.reportDialog.failed')}
          </p>
        )}
        {formError && <FormError>{errorMessage(t, formError, 'pinMenu.reportDialog.failed')}</FormError>}
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('pinMenu.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={isSubmitting || undefined}>
            {t('pinMenu.reportDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
