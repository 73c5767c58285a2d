import { zodResolver } from '@hookform/resolvers/zod';
import type { FoundImages } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n.ts';
import { z } from 'zod';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { findImages } from './pinBuilderApi.ts';
import { normalizeLink, PinTextSchema } from './pinBuilderForm.ts';
import { pinFieldMessage } from './PinTextFields.tsx';
import media from './Media.module.css';
import styles from './PinBuilder.module.css';

// The builder's link rule: an empty address says nothing (Find stays off), a wrong one says so.
const LinkImagePickerSchema = z.object({ link: PinTextSchema.shape.link });
type LinkImagePickerForm = z.infer<typeof LinkImagePickerSchema>;

interface LinkImagePickerProps {
  /** A picked image, with the page it was found on (its address, title and description). */
  onPick: (imageUrl: string, page: FoundImages) => void;
}

/**
 * 'Save from a website': the page's pinnable images (`findImages / getPin`) as a grid
 * of buttons; picking one hands it to the builder.
 */
export function LinkImagePicker({ onPick }: LinkImagePickerProps) {
  const { t } = useTranslation();
  const find = useMutation({ mutationFn: (url: string) => findImages(url) });
  const { register, handleSubmit, control, formState } = useForm<LinkImagePickerForm>({
    resolver: zodResolver(LinkImagePickerSchema),
    mode: 'onChange',
    defaultValues: { link: '' },
  });
  // Find follows the typing at once (the resolver's message comes a moment later).
  const url = normalizeLink(useWatch({ control, name: 'link' }));
  const items = find.data?.items ?? [];

  return (
    <section className={media.linkPicker} aria-labelledby="link-picker-heading">
      <h2 id="link-picker-heading" className={styles.subheading}>
        {t('pinBuilder.link.heading')}
      </h2>
      <form
        className={media.linkForm}
        noValidate
        onSubmit={handleSubmit(({ link }) => {
          const address = normalizeLink(link);
          if (address && !find.isPending) find.mutate(address);
        })}
      >
        <TextField
          label={t('pinBuilder.link.label')}
          placeholder={t('pinBuilder.link.placeholder')}
          type="url"
          inputMode="url"
          autoComplete="url"
          error={find.isIdle ? pinFieldMessage(t, 'link', formState.errors.link?.message) : undefined}
          {...register('link', { onChange: () => find.reset() })}
        />
        <Button
          type="submit"
          disabled={url === null || formState.errors.link !== undefined || find.isPending}
        >
          {t('pinBuilder.link.find')}
        </Button>
      </form>
      {find.isPending && <p role="status">{t('pinBuilder.link.searching')}</p>}
      {/* The server's reason when it has one (a private address, a site that failed us). */}
      {find.isError && <p role="alert">{errorMessage(t, find.error, 'pinBuilder.link.failed')}</p>}
      {find.isSuccess && items.length === 0 && <p role="status">{t('pinBuilder.link.none')}</p>}
      {find.data && items.length > 0 && (
        <ul className={media.foundGrid} aria-label={t('pinBuilder.link.imagesLabel')}>
          {items.map((item, index) => (
            <li key={item.url}>
              <button
                type="button"
                className={media.foundImage}
                aria-label={t('pinBuilder.link.use', { number: index + 1 })}
                onClick={() => onPick(item.url, find.data)}
              >
                <img src={item.url} alt="" loading="lazy" referrerPolicy="no-referrer" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
