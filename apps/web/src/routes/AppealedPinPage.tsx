import '../features/moderation/words.ts';
import { useTranslation } from '../i18n.ts';
import { Navigate } from 'react-router';
import { AppealList } from '../features/moderation/ModerationLists.tsx';
import styles from '../features/moderation/Moderation.module.css';
import { useViewer } from '../features/viewer/useViewer.ts';
import { LoadingState } from '../ui/PageStates.tsx';

/** `/appealed-pin/`: the signed-in person's appeals with their outcomes (a visitor goes home). */
export function AppealedPinPage() {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  if (isLoading) return <LoadingState />;
  if (session?.type !== 'AUTH') return <Navigate to="/" replace />;
  return (
    <section className={styles.page}>
      <title>{t('moderation.appealed.documentTitle')}</title>
      <h1>{t('moderation.appealed.heading')}</h1>
      <p className={styles.subtle}>{t('moderation.appealed.intro')}</p>
      <AppealList />
    </section>
  );
}
