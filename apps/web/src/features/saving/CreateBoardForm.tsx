import { zodResolver } from '@hookform/resolvers/zod';
import { BoardNameSchema, type Board } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { NewBoardInvites, useSendNewBoardInvites } from '../boardActions/NewBoardInvites.tsx';
import { useInviteQueue } from '../boardActions/InviteQueue.tsx';
import { isAdAccountViewer, useAdvertiserContext } from '../viewer/advertiserContext.ts';
import styles from './BoardPicker.module.css';
import { NameSuggestions } from './NameSuggestions.tsx';
import { createBoard } from './savingApi.ts';

// The server's name rule, so both say the same (required, at most 50 after trimming).
const CreateBoardFormSchema = z.object({ name: BoardNameSchema, secret: z.boolean() });
type CreateBoardForm = z.input<typeof CreateBoardFormSchema>;

interface CreateBoardFormProps {
  pinId?: string;
  onCreated: (board: Board) => void;
  /** What a failed create says; the save flow's catalogue text by default. */
  errorText?: (error: unknown) => string;
}

/**
 * The 'Create board' form (docs/product/saving.md#rules): public unless the secret toggle is on;
 * Create stays disabled while the name is blank or invalid, after a failure until the name
 * changes, and while saving. The owner may queue collaborators, invited once the board is saved.
 * For an ad-account viewer who is not the owner the board is protected: the toggle is locked
 * on, `advertiser_id` is sent, and there is no invite queue (docs/product/saving.md#who-may-do-what).
 */
export function CreateBoardForm({ pinId, onCreated, errorText }: CreateBoardFormProps) {
  const { t } = useTranslation();
  const advertiser = useAdvertiserContext();
  const adAccount = isAdAccountViewer(advertiser);
  const invites = useInviteQueue();
  const sendInvites = useSendNewBoardInvites();
  const create = useMutation({
    mutationFn: createBoard,
    onSuccess: (board) => {
      if (!adAccount) sendInvites(board, invites.queue);
      onCreated(board);
    },
  });
  const { register, handleSubmit, setValue, control, formState } = useForm<CreateBoardForm>({
    resolver: zodResolver(CreateBoardFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', secret: false },
  });
  const name = useWatch({ control, name: 'name' });
  const nameError = formState.errors.name?.message;
  const blocked = !name.trim() || !formState.isValid || create.isError || create.isPending;
  const field = register('name', { onChange: () => create.reset() });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit((values) => {
        if (blocked) return;
        const name = values.name.trim();
        create.mutate(
          adAccount
            ? { name, privacy: 'protected', advertiser_id: advertiser.advertiserId }
            : { name, privacy: values.secret ? 'secret' : 'public' },
        );
      })}
    >
      <TextField
        label={t('saving.name')}
        placeholder={t('saving.namePlaceholder')}
        autoComplete="off"
        data-autofocus
        autoFocus
        error={nameError && errorMessage(t, nameError, 'saving.saveFailed', { otherwise: 'asWritten' })}
        {...field}
      />
      {pinId !== undefined && (
        <NameSuggestions
          pinId={pinId}
          onPick={(title) => {
            create.reset();
            setValue('name', title, { shouldValidate: true, shouldDirty: true });
          }}
        />
      )}
      <label className={styles.toggle}>
        {adAccount ? (
          <input type="checkbox" role="switch" checked disabled readOnly />
        ) : (
          <input type="checkbox" role="switch" {...register('secret')} />
        )}
        <span>
          {t('saving.secretToggle')}
          <span className={styles.hint}>{t(adAccount ? 'saving.protectedHint' : 'saving.secretHint')}</span>
        </span>
      </label>
      {!adAccount && <NewBoardInvites queue={invites} />}
      {create.isError && (
        <p role="alert" className={styles.error}>
          {errorText
            ? errorText(create.error)
            : errorMessage(t, create.error, 'saving.saveFailed', { otherwise: 'detail' })}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={blocked} className={styles.submit}>
        {t('saving.create')}
      </Button>
    </form>
  );
}
