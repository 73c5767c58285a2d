import type { BoardSection, PickerBoard } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

interface AddSectionFormProps {
  /** The pin being saved; its title suggestions show under the field. None on a board page. */
  pinId?: string;
  board: Pick<PickerBoard, 'id'>;
  onCreated: (section: BoardSection) => void;
}

/**
 * The 'Add section' form (docs/product/saving.md#board-picker): Add, or Enter, works only for a
 * non-empty trimmed name with no error and no save running; editing the name clears the error.
 */
export function AddSectionForm({ pinId, board, onCreated }: AddSectionFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      createSection(board.id, { name: name.trim(), name_source: sectionNameSource(name, suggestion) }),
    onSuccess: (section) => onCreated(section),
  });
  const canAdd = name.trim() !== '' && !create.isError && !create.isPending;

  return (
    <form
      className={styles.form}
      aria-label={t('saving.addSection')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canAdd) create.mutate();
      }}
    >
      <TextField
        label={t('saving.sectionName')}
        placeholder={t('saving.sectionPlaceholder')}
        autoComplete="off"
        data-autofocus
        autoFocus
        value={name}
        error={
          create.isError
            ? errorMessage(t, create.error, 'saving.saveFailed', { otherwise: 'detail' })
            : undefined
        }
        onChange={(event) => {
          setName(event.target.value);
          create.reset();
        }}
      />
      {pinId !== undefined && (
        <NameSuggestions
          pinId={pinId}
          onPick={(title) => {
            setName(title);
            setSuggestion(title);
            create.reset();
          }}
        />
      )}
      <Button type="submit" variant="primary" disabled={!canAdd} className={styles.submit}>
        {t('saving.add')}
      </Button>
    </form>
  );
}
