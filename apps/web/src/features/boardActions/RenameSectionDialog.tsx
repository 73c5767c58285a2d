import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateBoardSectionSchema, type BoardSection, type UpdateBoardSection } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './BoardActions.module.css';
import { isBoardBusy, renameSection } from './boardActionsApi.ts';
import { useErrorToast } from './useBoardWrites.ts';

interface RenameSectionDialogProps {
  section: BoardSection;
  onRenamed: () => void;
  onClose: () => void;
}

/** Renames a section (the server's name rule: required, at most 50 after trimming). */
export function RenameSectionDialog({ section, onRenamed, onClose }: RenameSectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const showError = useErrorToast();
  const rename = useMutation({
    mutationFn: (values: UpdateBoardSection) => renameSection(section.id, { name: values.name.trim() }),
    onSuccess: onRenamed,
    // A board action still running is a toast (docs/product/boards.md#messages); the rest shows in the
    // dialog.
    onError: (error) => {
      if (isBoardBusy(error)) showError(error);
    },
  });
  const { register, handleSubmit, formState } = useForm<UpdateBoardSection>({
    resolver: zodResolver(UpdateBoardSectionSchema),
    mode: 'onChange',
    defaultValues: { name: section.title },
  });
  const nameError = formState.errors.name?.message;
  const failure =
    rename.isError && !isBoardBusy(rename.error)
      ? errorMessage(t, rename.error, 'boardActions.failed')
      : undefined;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('boardActions.close')} width={400}>
      <h2 id={titleId} className={styles.title}>
        {t('boardActions.renameSection')}
      </h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={handleSubmit((values) => {
          if (!rename.isPending) rename.mutate(values);
        })}
      >
        <TextField
          label={t('boardActions.sectionName')}
          autoComplete="off"
          data-autofocus
          error={
            (nameError && errorMessage(t, nameError, 'boardActions.failed', { otherwise: 'asWritten' })) ||
            failure
          }
          {...register('name', { onChange: () => rename.reset() })}
        />
        <div className={styles.buttons}>
          <Button onClick={onClose}>{t('boardActions.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!formState.isValid || rename.isPending}>
            {t('boardActions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
