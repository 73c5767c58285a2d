import type { PickerBoard } from '@pinboard/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../ui/toastContext.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { BoardList } from '../saving/BoardList.tsx';
import { SectionList } from '../saving/SectionList.tsx';
import { useBoardPicker } from '../saving/useBoardPicker.ts';
import { TOAST_MS } from './DesktopPinCreate.tsx';
import styles from './MobilePinCreate.module.css';
import type { PinCreateParams } from './pinCreateParams.ts';
import { PinImagePreview } from './PinImagePreview.tsx';
import { useCreatePin } from './useCreatePin.ts';
import { usePinImage } from './usePinImage.ts';
import { leavePinCreate } from './usePopupWindow.ts';

const noStatus = () => null;

/**
 * The signed-in mobile variant (docs/product/creating.md#pin-create-page): a full page 'Choose board' (Top
 * choices and All boards), then 'Choose section' for a board with sections. The bottom button links to
 * creating a board, or a section of the chosen board. A save shows a loader; success a toast with the pin's
 * link and the page leaves; failure a toast and the choice is free again.
 */
export function MobilePinCreate({ params }: { params: PinCreateParams }) {
  const { t } = useTranslation();
  const titleId = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const picker = useBoardPicker(null);
  const image = usePinImage(params);
  const create = useCreatePin(params, image.data);
  const [board, setBoard] = useState<PickerBoard | null>(null);
  const description = params.description || image.data?.description || '';

  function save(chosen: PickerBoard, section: { id: string } | null) {
    if (create.isPending || !image.data) return;
    create.mutate(
      { boardId: chosen.id, sectionId: section?.id ?? null, description },
      {
        onSuccess: (pin) => {
          toast.show(t('pinCreate.savedToast', { boardName: pin.board.name }), {
            durationMs: TOAST_MS,
            link: { href: `/pin/${pin.id}/`, label: t('pinCreate.seeIt') },
          });
          leavePinCreate(() => void navigate(-1));
        },
        onError: (error) =>
          toast.show(errorMessage(t, error, 'pinCreate.saveFailed'), { durationMs: TOAST_MS, tone: 'error' }),
      },
    );
  }
  const chooseBoard = (chosen: PickerBoard) => {
    if (chosen.sections.length > 0) setBoard(chosen);
    else save(chosen, null);
  };

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <title>{t('pinCreate.documentTitle')}</title>
      <header className={styles.header}>
        {board ? (
          <button
            type="button"
            className={styles.icon}
            onClick={() => setBoard(null)}
            aria-label={t('pinCreate.back')}
          >
            ‹
          </button>
        ) : (
          <button
            type="button"
            className={styles.icon}
            onClick={() => leavePinCreate(() => void navigate(-1))}
            aria-label={t('pinCreate.cancel')}
          >
            ×
          </button>
        )}
        <h1 id={titleId} className={styles.title}>
          {board ? t('saving.chooseSection') : t('saving.chooseBoard')}
        </h1>
      </header>
      <div className={styles.pin}>
        <PinImagePreview image={image} color={params.color} />
      </div>
      {create.isPending && (
        <p role="status" className={styles.creating}>
          <Spinner />
          {t('pinCreate.creating')}
        </p>
      )}
      <div className={styles.list} inert={create.isPending || !image.data}>
        {board ? (
          <SectionList board={board} statusOf={noStatus} onChoose={(section) => save(board, section)} />
        ) : picker.data ? (
          <BoardList picker={picker.data} statusOf={noStatus} onBoard={chooseBoard} />
        ) : (
          <>
            <h2 className={styles.subheading}>{t('saving.allBoards')}</h2>
            <p role="status" className={styles.loading}>
              <Spinner />
              {picker.isError ? t('saving.loadError') : t('saving.loading')}
            </p>
          </>
        )}
      </div>
      <footer className={styles.footer}>
        <Link className={styles.create} to={board ? `/board/${board.id}/create_section/` : '/board/create/'}>
          {board ? t('saving.createSection') : t('saving.createBoard')}
        </Link>
      </footer>
    </section>
  );
}
