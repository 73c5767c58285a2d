import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { useToast } from '../../ui/toastContext.ts';
import { BoardPicker, type SaveChoice } from '../saving/BoardPicker.tsx';
import type { RowStatus } from '../saving/BoardRow.tsx';
import type { PinCreateParams } from './pinCreateParams.ts';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './PinCreate.module.css';
import { PinCreateSuccess } from './PinCreateSuccess.tsx';
import { PinImagePreview } from './PinImagePreview.tsx';
import { useCreatePin } from './useCreatePin.ts';
import { usePinImage } from './usePinImage.ts';
import { usePopupSize } from './usePopupWindow.ts';

/** Toasts stay 5 s. */
export const TOAST_MS = 5000;

/**
 * The signed-in desktop variant (docs/product/creating.md#pin-create-page): the pin and its description on
 * the left, the board picker on the right (sections next when the board has some; create board and add
 * section inline); choosing saves the pin, then the success view replaces the page.
 */
export function DesktopPinCreate({ params }: { params: PinCreateParams }) {
  const { t } = useTranslation();
  const titleId = useId();
  const toast = useToast();
  const root = useRef<HTMLDivElement>(null);
  const image = usePinImage(params);
  const create = useCreatePin(params, image.data);
  const [edited, setEdited] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  usePopupSize(root);
  const description = edited ?? (params.description || image.data?.description || '');

  function save(choice: SaveChoice) {
    if (create.isPending || !image.data) return;
    setSaving(`${choice.board.id}:${choice.section?.id ?? ''}`);
    create.mutate(
      { boardId: choice.board.id, sectionId: choice.section?.id ?? null, description },
      {
        onError: (error) => {
          setSaving(null);
          // The server's reason when it gives one (a picture it could not fetch, a board gone).
          toast.show(errorMessage(t, error, 'pinCreate.saveFailed'), { durationMs: TOAST_MS, tone: 'error' });
        },
      },
    );
  }
  const statusOf = (boardId: string, sectionId: string | null): RowStatus =>
    saving === `${boardId}:${sectionId ?? ''}` ? 'loading' : null;

  return (
    <div ref={root}>
      <title>{t('pinCreate.documentTitle')}</title>
      {create.data && image.data ? (
        <PinCreateSuccess
          pin={create.data}
          imageUrl={image.data.url}
          link={params.url}
          description={description}
        />
      ) : (
        <div className={styles.layout}>
          <h1 className={hidden.visuallyHidden}>{t('pinCreate.documentTitle')}</h1>
          <section className={styles.preview} aria-label={t('pinCreate.preview')}>
            <PinImagePreview image={image} color={params.color} />
            <label className={styles.label}>
              {t('pinCreate.description')}
              <textarea
                className={styles.textarea}
                value={description}
                maxLength={500}
                placeholder={t('pinCreate.descriptionPlaceholder')}
                onChange={(event) => setEdited(event.target.value)}
              />
            </label>
            {params.url && <p className={styles.link}>{params.url}</p>}
          </section>
          <section className={styles.picker} aria-labelledby={titleId}>
            {image.data ? (
              <BoardPicker
                titleId={titleId}
                addSectionTitle={t('saving.addSection')}
                createBoardErrorText={(error) =>
                  errorMessage(t, error, 'pinCreate.boardCreateFailed', { otherwise: 'messageAndDetail' })
                }
                statusOf={statusOf}
                onChoose={save}
                onBoardCreated={(board) => save({ board, section: null })}
                onSectionCreated={(board, section) => save({ board, section })}
              />
            ) : (
              <h2 id={titleId} className={styles.heading}>
                {t('saving.chooseBoard')}
              </h2>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
