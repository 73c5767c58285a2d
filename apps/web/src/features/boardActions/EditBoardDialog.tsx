import { zodResolver } from '@hookform/resolvers/zod';
import { BoardDescriptionSchema, BoardNameSchema, type Board } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { HashtagTextarea } from '../moving/HashtagTextarea.tsx';
import styles from './BoardActions.module.css';
import { isBoardBusy, updateBoard } from './boardActionsApi.ts';
import { useErrorToast } from './useBoardWrites.ts';

// The server's rules, so both say the same (name required and ≤ 50, description ≤ 500).
const EditBoardFormSchema = z.object({
  name: BoardNameSchema,
  description: BoardDescriptionSchema,
  secret: z.boolean(),
});
type EditBoardForm = z.input<typeof EditBoardFormSchema>;

interface EditBoardDialogProps {
  board: Board;
  onSaved: (board: Board) => void;
  onClose: () => void;
}

/**
 * The owner's 'Edit board' modal: name, description and the secret toggle, sent as one PATCH.
 * A protected board (an ad account's) keeps its privacy, so its toggle is locked on.
 */
export function EditBoardDialog({ board, onSaved, onClose }: EditBoardDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const showError = useErrorToast();
  const save = useMutation({
    mutationFn: (values: EditBoardForm) =>
      updateBoard(board.id, {
        name: values.name.trim(),
        description: values.description.trim(),
        ...(board.privacy === 'protected' ? {} : { privacy: values.secret ? 'secret' : 'public' }),
      }),
    onSuccess: onSaved,
    // A board action still running is a toast (docs/product/boards.md#messages); the rest shows in the
    // dialog.
    onError: (error) => {
      if (isBoardBusy(error)) showError(error);
    },
  });
  const { register, handleSubmit, formState, control } = useForm<EditBoardForm>({
    resolver: zodResolver(EditBoardFormSchema),
    mode: 'onChange',
    defaultValues: { name: board.name, description: board.description, secret: board.privacy !== 'public' },
  });
  const errorText = (message: string | undefined) =>
    message && errorMessage(t, message, 'boardActions.failed', { otherwise: 'asWritten' });
  const descriptionError = errorText(formState.errors.description?.message);

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('boardActions.close')} width={500}>
      <h2 id={titleId} className={styles.title}>
        {t('boardActions.edit')}
      </h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={handleSubmit((values) => {
          if (!save.isPending) save.mutate(values);
        })}
      >
        <TextField
          label={t('boardActions.name')}
          autoComplete="off"
          data-autofocus
          error={errorText(formState.errors.name?.message)}
          {...register('name', { onChange: () => save.reset() })}
        />
        <label htmlFor={descriptionId} className={styles.label}>
          {t('boardActions.description')}
        </label>
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <HashtagTextarea
              id={descriptionId}
              className={styles.textarea}
              placeholder={t('boardActions.descriptionPlaceholder')}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onValueChange={(value) => {
                save.reset();
                field.onChange(value);
              }}
            />
          )}
        />
        {descriptionError && (
          <p id={`${descriptionId}-error`} className={styles.error}>
            {descriptionError}
          </p>
        )}
        <label className={styles.toggle}>
          <input
            type="checkbox"
            role="switch"
            disabled={board.privacy === 'protected'}
            {...register('secret', { onChange: () => save.reset() })}
          />
          <span>
            {t('boardActions.secretToggle')}
            <span className={styles.hint}>{t('boardActions.secretHint')}</span>
          </span>
        </label>
        {save.isError && !isBoardBusy(save.error) && (
          <p role="alert" className={styles.error}>
            {errorMessage(t, save.error, 'boardActions.failed')}
          </p>
        )}
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('boardActions.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!formState.isValid || save.isPending}>
            {t('boardActions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
