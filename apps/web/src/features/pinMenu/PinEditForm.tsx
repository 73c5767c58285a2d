import './words.ts';
import '../pinBuilder/words.ts';
import '../boardActions/words.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { PIN_ALT_TEXT_MAX, type Pin } from '@pinboard/shared';
import { useState } from 'react';
import { useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { errorMessage } from '../../api/errorMessage.ts';
import { placeServerError } from '../../api/formErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ConfirmDeleteDialog } from '../boardActions/ConfirmDeleteDialog.tsx';
import { BoardChoice } from '../pinBuilder/BoardChoice.tsx';
import { pinTextBody, PinTextSchema, type PinText } from '../pinBuilder/pinBuilderForm.ts';
import { PinTextFields } from '../pinBuilder/PinTextFields.tsx';
import type { SaveChoice } from '../saving/BoardPicker.tsx';
import styles from './PinMenu.module.css';
import { usePinWrites } from './usePinWrites.ts';

/** The builders' text rules, alt text, and the board the pin is on (its messages are codes). */
const PinEditSchema = PinTextSchema.extend({
  alt_text: z.string().max(PIN_ALT_TEXT_MAX, 'tooLong'),
  board_id: z.string(),
});
type PinEditValues = z.infer<typeof PinEditSchema>;

interface PinEditFormProps {
  pin: Pin;
  onSaved: (pin: Pin) => void;
  onDeleted: () => void;
  onCancel: () => void;
}

/**
 * The pin editor, in a dialog from the "…" menu and as the `/pin/{id}/edit` page: title,
 * description, link, alt text, board and section; Save, Cancel, and Delete after a confirmation.
 */
export function PinEditForm({ pin, onSaved, onDeleted, onCancel }: PinEditFormProps) {
  const { t } = useTranslation();
  const writes = usePinWrites(pin);
  const [place, setPlace] = useState<SaveChoice>({
    board: { id: pin.board.id, name: pin.board.name },
    section: pin.section ? { id: pin.section.id, title: pin.section.title } : null,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<PinEditValues>({
    resolver: zodResolver(PinEditSchema),
    defaultValues: {
      title: pin.title,
      description: pin.description,
      link: pin.link ?? '',
      alt_text: pin.alt_text,
      board_id: pin.board.id,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await writes.update({ ...pinTextBody(values, place), alt_text: values.alt_text.trim() }));
    } catch (error) {
      setFormError(placeServerError(error, ['alt_text', 'board_id'], form.setError));
    }
  });
  const altError = errors.alt_text?.message;
  const boardError = errors.board_id?.message;

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {/* The builders' fields over this form: its values are theirs plus alt text and board. */}
      <PinTextFields
        control={form.control as unknown as Control<PinText>}
        register={form.register as unknown as UseFormRegister<PinText>}
        errors={errors}
      />
      <TextField
        label={t('pinMenu.editor.altText')}
        placeholder={t('pinMenu.editor.altTextPlaceholder')}
        autoComplete="off"
        error={
          altError === 'tooLong'
            ? t('pinMenu.editor.tooLong', { max: PIN_ALT_TEXT_MAX })
            : altError && errorMessage(t, altError, 'pinMenu.editor.failed')
        }
        {...form.register('alt_text')}
      />
      <BoardChoice
        value={place}
        onChange={(choice) => {
          setPlace(choice);
          form.setValue('board_id', choice.board.id);
          form.clearErrors('board_id');
        }}
        error={boardError && errorMessage(t, boardError, 'pinMenu.editor.failed')}
      />
      {formError && <FormError>{errorMessage(t, formError, 'pinMenu.editor.failed')}</FormError>}
      <div className={`${styles.buttons} ${styles.spread}`}>
        <Button onClick={() => setConfirmDelete(true)}>{t('pinMenu.editor.delete')}</Button>
        <span className={styles.buttons}>
          <Button onClick={onCancel}>{t('pinMenu.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? t('pinMenu.editor.saving') : t('pinMenu.editor.save')}
          </Button>
        </span>
      </div>
      {confirmDelete && (
        <ConfirmDeleteDialog
          title={t('pinMenu.deleteDialog.title')}
          body={t('pinMenu.deleteDialog.body')}
          remove={writes.remove}
          onDeleted={onDeleted}
          onClose={() => setConfirmDelete(false)}
        />
      )}
    </form>
  );
}
