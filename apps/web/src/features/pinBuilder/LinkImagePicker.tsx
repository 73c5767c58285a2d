import type { FoundImages } from '@pinboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { findImages } from './pinBuilderApi.ts';
import { normalizeLink } from './pinBuilderForm.ts';
import media from './Media.module.css';
import styles from './PinBuilder.module.css';

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
  const [address, setAddress] = useState('');
  const find = useMutation({ mutationFn: (url: string) => findImages(url) });
  const invalid = find.isIdle && address !== '' && normalizeLink(address) === null;
  const items = find.data?.items ?? [];

  return (
    <section className={media.linkPicker} aria-labelledby="link-picker-heading">
      <h2 id="link-picker-heading" className={styles.subheading}>
        {t('pinBuilder.link.heading')}
      </h2>
      <form
        className={media.linkForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const url = normalizeLink(address);
          if (url && !find.isPending) find.mutate(url);
        }}
      >
        <TextField
          label={t('pinBuilder.link.label')}
          placeholder={t('pinBuilder.link.placeholder')}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={address}
          error={invalid ? t('pinBuilder.fields.linkInvalid') : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            find.reset();
          }}
        />
        <Button type="submit" disabled={normalizeLink(address) === null || find.isPending}>
          {t('pinBuilder.link.find')}
        </Button>
      </form>
      {find.isPending && <p role="status">{t('pinBuilder.link.searching')}</p>}
      {find.isError && <p role="alert">{t('pinBuilder.link.failed')}</p>}
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
