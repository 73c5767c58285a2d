import './words.ts';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { NotFoundState } from '../../ui/PageStates.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { usePin } from '../closeup/usePin.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './PinMenu.module.css';
import { PinEditForm } from './PinEditForm.tsx';
import { TOAST_MS } from './toast.ts';

/** `/pin/{id}/edit`: the same editor as the menu's dialog, as a page; its pinner only. */
export function PinEditScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const { viewer } = useViewer();
  const { data: pin, isPending, isError } = usePin(id);
  const documentTitle = t('pinMenu.editor.documentTitle');
  if (isPending) return <PageLoading />;
  if (isError || !pin) {
    return (
      <NotFoundState
        documentTitle={documentTitle}
        title={t('closeup.notFound.title')}
        body={t('closeup.notFound.body')}
      />
    );
  }
  const closeup = `/pin/${pin.id}/`;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <title>{documentTitle}</title>
      <img
        className={styles.preview}
        src={pin.images['474x'].url}
        width={pin.images['474x'].width}
        height={pin.images['474x'].height}
        alt={pin.alt_text || pin.title}
      />
      <div>
        <h1 id={titleId} className={styles.title}>
          {t('pinMenu.editor.title')}
        </h1>
        {viewer?.id === pin.pinner.id ? (
          <PinEditForm
            pin={pin}
            onSaved={() => {
              toast.show(t('pinMenu.editor.saved'), { durationMs: TOAST_MS });
              void navigate(closeup);
            }}
            onDeleted={() => {
              toast.show(t('pinMenu.deleteDialog.deleted'), { durationMs: TOAST_MS });
              void navigate(pin.board.url);
            }}
            onCancel={() => void navigate(closeup)}
          />
        ) : (
          <p role="alert">{t('pinMenu.editor.notYours')}</p>
        )}
      </div>
    </section>
  );
}
