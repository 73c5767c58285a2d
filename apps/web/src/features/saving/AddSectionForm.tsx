import { zodResolver } from '@hookform/resolvers/zod';
import { BoardSectionNameSchema, type BoardSection, type PickerBoard } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './BoardPicker.module.css';
import { NameSuggestions } from './NameSuggestions.tsx';
import { createSection } from './savingApi.ts';

/**
 * Where the name came from (docs/product/saving.md#rules): typed 0, a suggestion as is 1, an edited one 2.
 */
export function sectionNameSource(name: string, suggestion: string | null): 0 | 1 | 2 {
  if (suggestion === null) return 0;
  return name.trim() === suggestion ? 1 : 2;
}

// The server's name rule, so both say the same (required, at most 50 after trimming).
const AddSectionFormSchema = z.object({ name: BoardSectionNameSchema });
type AddSectionForm = z.input<typeof AddSectionFormSchema>;

interface AddSectionFormProps {
  /** The pin being saved; its title suggestions show under the field. None on a board page. */
  pinId?: string;
  board: Pick<PickerBoard, 'id'>;
  onCreated: (section: BoardSection) => void;
}

/**
 * The 'Add section' form (docs/product/saving.md#board-picker): Add, or Enter, works only for a
 * non-empty trimmed name the name rule takes, with no error and no save running; a blank name
 * only keeps Add off; editing the name clears a failed save's error.
 */
export function AddSectionForm({ pinId, board, onCreated }: AddSectionFormProps) {
  const { t } = useTranslation();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (name: string) =>
      createSection(board.id, { name, name_source: sectionNameSource(name, suggestion) }),
    onSuccess: (section) => onCreated(section),
  });
  const { register, handleSubmit, setValue, control, formState } = useForm<AddSectionForm>({
    resolver: zodResolver(AddSectionFormSchema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });
  const name = useWatch({ control, name: 'name' });
  // Add follows the typing at once, by the same schema (the resolver's message comes a moment later).
  const canAdd = AddSectionFormSchema.safeParse({ name }).success && !create.isError && !create.isPending;
  const nameError = name.trim() === '' ? undefined : formState.errors.name?.message;

  return (
    <form
      className={styles.form}
      aria-label={t('saving.addSection')}
      noValidate
      onSubmit={handleSubmit((values) => {
        if (canAdd) create.mutate(values.name);
      })}
    >
      <TextField
        label={t('saving.sectionName')}
        placeholder={t('saving.sectionPlaceholder')}
        autoComplete="off"
        data-autofocus
        autoFocus
        error={
          create.isError
            ? errorMessage(t, create.error, 'saving.saveFailed', { otherwise: 'detail' })
            : nameError && errorMessage(t, nameError, 'saving.saveFailed', { otherwise: 'asWritten' })
        }
        {...register('name', { onChange: () => create.reset() })}
      />
      {pinId !== undefined && (
        <NameSuggestions
          pinId={pinId}
          onPick={(title) => {
            create.reset();
            setSuggestion(title);
            setValue('name', title, { shouldValidate: true, shouldDirty: true });
          }}
        />
      )}
      <Button type="submit" variant="primary" disabled={!canAdd} className={styles.submit}>
        {t('saving.add')}
      </Button>
    </form>
  );
}
