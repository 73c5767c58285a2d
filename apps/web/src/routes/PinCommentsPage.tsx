import { useTranslation } from '../i18n.ts';
import { Link, useParams } from 'react-router';
import { CommentsSection } from '../features/comments/CommentsSection.tsx';
import { isPinUnavailable } from '../features/closeup/pinAccess.ts';
import { usePin } from '../features/closeup/usePin.ts';
import { displayName } from '../features/pins/pinText.ts';
import { ErrorState, LoadingState, NotFoundState } from '../ui/PageStates.tsx';
import styles from '../features/comments/Comments.module.css';
import '../features/comments/words.ts';

/** `/pin/{id}/comments`: a pin's comments as a page, under a link back to the pin. */
export function PinCommentsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const pin = usePin(id);
  if (pin.isPending) return <LoadingState text={t('comments.loading')} />;
  if (isPinUnavailable(pin.error)) {
    return (
      <NotFoundState
        documentTitle={t('closeup.notFound.documentTitle')}
        title={t('closeup.notFound.title')}
        body={t('closeup.notFound.body')}
      />
    );
  }
  if (pin.isError) return <ErrorState text={t('comments.loadError')} onRetry={() => void pin.refetch()} />;
  const title = pin.data.title || t('closeup.untitled', { name: displayName(pin.data.pinner) });
  return (
    <main className={styles.page}>
      <title>{t('comments.documentTitle', { title })}</title>
      <p>
        <Link to={`/pin/${pin.data.id}/`} className={styles.author}>
          {t('comments.backToPin')}
        </Link>
      </p>
      <h1 className={styles.pageTitle}>{title}</h1>
      <CommentsSection key={id} pinId={pin.data.id} />
    </main>
  );
}
