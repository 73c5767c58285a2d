import { zodResolver } from '@hookform/resolvers/zod';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, type FoundImages } from '@pinboard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import type { SaveChoice } from '../features/saving/BoardPicker.tsx';
import { BoardChoice } from '../features/pinBuilder/BoardChoice.tsx';
import { LinkImagePicker } from '../features/pinBuilder/LinkImagePicker.tsx';
import { MediaDropzone } from '../features/pinBuilder/MediaDropzone.tsx';
import { AspectRatioChoice, MediaPreview } from '../features/pinBuilder/MediaPreview.tsx';
import {
  PIN_ASPECT_RATIOS,
  PIN_LINK_MAX,
  pinTextBody,
  PinTextSchema,
  type PinAspectRatio,
  type PinText,
} from '../features/pinBuilder/pinBuilderForm.ts';
import { PinTextFields } from '../features/pinBuilder/PinTextFields.tsx';
import styles from '../features/pinBuilder/PinBuilder.module.css';
import { PublishResult } from '../features/pinBuilder/PublishResult.tsx';
import { PublishControls, publishStatus } from '../features/pinBuilder/PublishControls.tsx';
import { SignedInGate } from '../features/pinBuilder/SignedInGate.tsx';
import { usePublishPin } from '../features/pinBuilder/usePublishPin.ts';
import { useMediaSlots } from '../features/pinBuilder/useMediaSlots.ts';

const SLOT = 'pin';
const EMPTY_TEXT: PinText = { title: '', description: '', link: '' };

/** `/pin-builder`: one pin from a file or from an image on a web page (signed-in only). */
export function PinBuilderPage() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  return (
    <SignedInGate title={t('pinBuilder.documentTitle')}>
      {/* 'Create another Pin' starts a fresh builder. */}
      <PinBuilder key={round} onAnother={() => setRound((value) => value + 1)} />
    </SignedInGate>
  );
}

/**
 * The builder (docs/product/creating.md#api-calls): media, ratio preview, title,
 * description, link and board; Publish goes uploading → publishing → succeeded, or attempted.
 */
function PinBuilder({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation();
  const media = useMediaSlots();
  const slot = media.slots[SLOT];
  const [fromPage, setFromPage] = useState<FoundImages | null>(null);
  const [ratio, setRatio] = useState<PinAspectRatio>('original');
  const [place, setPlace] = useState<SaveChoice | null>(null);
  const [tried, setTried] = useState(false);
  const publish = usePublishPin();
  const { control, register, handleSubmit, formState, getValues, setValue } = useForm<PinText>({
    resolver: zodResolver(PinTextSchema),
    mode: 'onChange',
    defaultValues: EMPTY_TEXT,
  });

  if (publish.data) return <PublishResult created={publish.data} onAnother={onAnother} />;

  const status = publishStatus(slot?.status === 'uploading', publish);

  // A page's image brings its address, title and description into empty fields.
  const pickFromPage = (imageUrl: string, page: FoundImages) => {
    setFromPage(page);
    media.chooseImageUrl(SLOT, imageUrl);
    const fill = (field: keyof PinText, value: string | null, max: number) => {
      if (value && !getValues(field)) setValue(field, value.slice(0, max), { shouldValidate: true });
    };
    fill('link', page.url, PIN_LINK_MAX);
    fill('title', page.title, PIN_TITLE_MAX);
    fill('description', page.description, PIN_DESCRIPTION_MAX);
  };

  const submit = handleSubmit(
    (text) => {
      setTried(true);
      if (slot?.status !== 'ready' || !place || publish.isPending) return;
      publish.mutate({
        ...pinTextBody(text, place),
        // A file is 'uploaded'; an image picked from a page here is 'pinbuilder'.
        method: fromPage ? 'pinbuilder' : 'uploaded',
        media_upload_id: slot.upload.media_upload_id,
      });
    },
    () => setTried(true),
  );

  return (
    <div className={styles.page}>
      <title>{t('pinBuilder.documentTitle')}</title>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{t('pinBuilder.title')}</h1>
        <Link to="/idea-pin-builder" className={styles.switchLink}>
          {t('pinBuilder.ideaPinLink')}
        </Link>
      </header>
      <div className={styles.builder}>
        <section className={styles.mediaColumn} aria-labelledby="pin-media-heading">
          <h2 id="pin-media-heading" className={styles.subheading}>
            {t('pinBuilder.media.heading')}
          </h2>
          {slot && slot.status !== 'failed' ? (
            <MediaPreview
              slot={slot}
              ratio={slot.kind === 'image' ? PIN_ASPECT_RATIOS[ratio] : null}
              alt={t(slot.kind === 'video' ? 'pinBuilder.media.videoLabel' : 'pinBuilder.media.previewAlt')}
              onRemove={() => {
                media.clear(SLOT);
                setFromPage(null);
              }}
            />
          ) : (
            <MediaDropzone
              onFile={(file) => {
                setFromPage(null);
                void media.chooseFile(SLOT, file);
              }}
            />
          )}
          {slot?.status === 'failed' && (
            <p role="alert" className={styles.error}>
              {slot.message}
            </p>
          )}
          {tried && !slot && <p className={styles.error}>{t('pinBuilder.media.missing')}</p>}
          {slot && slot.status !== 'failed' && slot.kind === 'image' && (
            <AspectRatioChoice value={ratio} onChange={setRatio} />
          )}
          {(!slot || slot.status === 'failed') && <LinkImagePicker onPick={pickFromPage} />}
        </section>
        <form className={styles.detailsColumn} noValidate onSubmit={(event) => void submit(event)}>
          <PinTextFields control={control} register={register} errors={formState.errors} />
          <BoardChoice
            value={place}
            onChange={setPlace}
            error={tried && !place ? t('pinBuilder.board.missing') : undefined}
          />
          <PublishControls status={status} error={publish.error} />
        </form>
      </div>
    </div>
  );
}
