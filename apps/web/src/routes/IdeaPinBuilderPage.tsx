import '../features/ideaPins/words.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { STORY_PAGES_MAX } from '@pinboard/shared';
import { useReducer, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { BoardChoice } from '../features/pinBuilder/BoardChoice.tsx';
import { pinTextBody, PinTextSchema, type PinText } from '../features/pinBuilder/pinBuilderForm.ts';
import builder from '../features/pinBuilder/PinBuilder.module.css';
import { PinTextFields } from '../features/pinBuilder/PinTextFields.tsx';
import { PublishResult } from '../features/pinBuilder/PublishResult.tsx';
import { PublishControls, publishStatus } from '../features/pinBuilder/PublishControls.tsx';
import { SignedInGate } from '../features/pinBuilder/SignedInGate.tsx';
import { useMediaSlots } from '../features/pinBuilder/useMediaSlots.ts';
import { usePublishPin } from '../features/pinBuilder/usePublishPin.ts';
import type { SaveChoice } from '../features/saving/BoardPicker.tsx';
import styles from '../features/ideaPins/IdeaPinBuilder.module.css';
import { StoryPageEditor } from '../features/ideaPins/StoryPageEditor.tsx';
import { firstTooLongPage, storyPagesReducer } from '../features/ideaPins/storyPages.ts';

/** `/idea-pin-builder` (also `/story-pin-builder`): an idea pin of up to 20 pages. */
export function IdeaPinBuilderPage() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  return (
    <SignedInGate title={t('ideaPins.documentTitle')}>
      <IdeaPinBuilder key={round} onAnother={() => setRound((value) => value + 1)} />
    </SignedInGate>
  );
}

/**
 * Pages of image or video at 9:16, each with a text (docs/product/creating.md#rules): add, remove
 * and reorder them; the pin's title, description, link and board as in the pin builder;
 * Publish sends `story_pages` in their order.
 */
function IdeaPinBuilder({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation();
  const nextKey = useRef(1);
  const [pages, dispatch] = useReducer(storyPagesReducer, [{ key: 'page-0', text: '' }]);
  const media = useMediaSlots();
  const [place, setPlace] = useState<SaveChoice | null>(null);
  const [tried, setTried] = useState(false);
  const publish = usePublishPin();
  const { control, register, handleSubmit, formState } = useForm<PinText>({
    resolver: zodResolver(PinTextSchema),
    mode: 'onChange',
    defaultValues: { title: '', description: '', link: '' },
  });

  if (publish.data) return <PublishResult created={publish.data} onAnother={onAnother} />;

  const uploading = pages.some((page) => media.slots[page.key]?.status === 'uploading');
  const status = publishStatus(uploading, publish);

  /** Why the pages cannot be published yet, in words, or null. */
  const pagesProblem = (): string | null => {
    const missing = pages.findIndex((page) => media.slots[page.key]?.status !== 'ready');
    if (missing >= 0) {
      return media.slots[pages[missing]!.key]?.status === 'uploading'
        ? t('ideaPins.pagesUploading')
        : t('ideaPins.pageMissingMedia', { number: missing + 1 });
    }
    const tooLong = firstTooLongPage(pages);
    return tooLong === null ? null : t('ideaPins.page.tooLong', { number: tooLong });
  };

  // Said once Publish was pressed, and kept up to date while the pages change.
  const problem = tried ? pagesProblem() : null;
  const submit = handleSubmit(
    (text) => {
      setTried(true);
      if (pagesProblem() || !place || publish.isPending) return;
      publish.mutate({
        ...pinTextBody(text, place),
        method: 'uploaded',
        story_pages: pages.map((page) => {
          const slot = media.slots[page.key];
          return {
            media_upload_id: slot?.status === 'ready' ? slot.upload.media_upload_id : '',
            text: page.text,
          };
        }),
      });
    },
    () => setTried(true),
  );

  return (
    <div className={builder.page}>
      <title>{t('ideaPins.documentTitle')}</title>
      <header className={builder.pageHeader}>
        <h1 className={builder.title}>{t('ideaPins.title')}</h1>
        <Link to="/pin-builder" className={builder.switchLink}>
          {t('ideaPins.pinBuilderLink')}
        </Link>
      </header>
      <p className={builder.hint}>{t('ideaPins.intro', { max: STORY_PAGES_MAX })}</p>
      {/* The pages and, beside them on a wide screen, the title and board. */}
      <div className={styles.workspace}>
        <section aria-labelledby="idea-pages-heading" className={styles.pagesSection}>
          <h2 id="idea-pages-heading" className={builder.subheading}>
            {t('ideaPins.pagesLabel')}{' '}
            <span className={styles.pageCount}>
              {t('ideaPins.pageCount', { count: pages.length, max: STORY_PAGES_MAX })}
            </span>
          </h2>
          <ol className={styles.pages}>
            {pages.map((page, index) => (
              <StoryPageEditor
                key={page.key}
                page={page}
                number={index + 1}
                total={pages.length}
                slot={media.slots[page.key]}
                onFile={(file) => void media.chooseFile(page.key, file)}
                onText={(text) => dispatch({ type: 'text', key: page.key, text })}
                onMove={(by) => dispatch({ type: 'move', key: page.key, by })}
                onRemove={() => {
                  media.clear(page.key);
                  dispatch({ type: 'remove', key: page.key });
                }}
              />
            ))}
          </ol>
          <Button
            disabled={pages.length >= STORY_PAGES_MAX}
            onClick={() => dispatch({ type: 'add', key: `page-${nextKey.current++}` })}
          >
            {t('ideaPins.addPage')}
          </Button>
        </section>
        <form className={styles.details} noValidate onSubmit={(event) => void submit(event)}>
          <PinTextFields control={control} register={register} errors={formState.errors} />
          <BoardChoice
            value={place}
            onChange={setPlace}
            error={tried && !place ? t('pinBuilder.board.missing') : undefined}
          />
          {problem && (
            <p role="alert" className={builder.error}>
              {problem}
            </p>
          )}
          <PublishControls status={status} error={publish.error} />
        </form>
      </div>
    </div>
  );
}
