import type { UserProfile } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { api } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { AvatarCropDialog, type CropSquare } from './AvatarCropDialog.tsx';
import styles from './ProfileEdit.module.css';
import { useProfileSaved } from './useProfileSaved.ts';

/** The crop fields first: the server reads them before the file streams in. */
function avatarForm(file: File, square: CropSquare): FormData {
  const form = new FormData();
  form.append('crop_x', String(square.crop_x));
  form.append('crop_y', String(square.crop_y));
  form.append('crop_size', String(square.crop_size));
  form.append('file', file);
  return form;
}

/** The profile picture: change it (choose, then frame it in a square) or remove it. */
export function AvatarSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const profileSaved = useProfileSaved();
  const upload = useMutation({
    mutationFn: async ({ chosen, square }: { chosen: File; square: CropSquare }) =>
      (await api.uploadAvatar({ body: avatarForm(chosen, square) })).data,
    onSuccess: async (saved) => {
      setFile(null);
      await profileSaved(saved);
    },
  });
  const remove = useMutation({
    mutationFn: async () => (await api.removeAvatar({})).data,
    onSuccess: profileSaved,
  });

  return (
    <div className={styles.avatarRow}>
      <PinnerAvatar user={profile} size={96} />
      <div className={styles.avatarButtons}>
        <Button onClick={() => input.current?.click()}>{t('settings.profile.avatar.change')}</Button>
        {profile.image_medium_url && (
          <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('settings.profile.avatar.remove')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className={styles.fileInput}
          aria-label={t('settings.profile.avatar.choose')}
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) {
              upload.reset();
              setFile(chosen);
            }
          }}
        />
      </div>
      {remove.isError && <FormError>{errorMessage(t, remove.error, 'settings.profile.failed')}</FormError>}
      {file && (
        <AvatarCropDialog
          file={file}
          saving={upload.isPending}
          error={upload.isError ? errorMessage(t, upload.error, 'settings.profile.failed') : null}
          onSave={(square) => upload.mutate({ chosen: file, square })}
          onClose={() => setFile(null)}
        />
      )}
    </div>
  );
}
