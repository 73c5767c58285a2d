import '../features/moderation/words.ts';
import { useTranslation } from '../i18n.ts';
import { Navigate } from 'react-router';
import { ReportsAndViolations } from '../features/moderation/ModerationLists.tsx';
import styles from '../features/moderation/Moderation.module.css';
import { useViewer } from '../features/viewer/useViewer.ts';
import { LoadingState } from '../ui/PageStates.tsx';

/** `/reports-and-violations/`: what the person reported and what was found against them (signed in). */
export function ReportsAndViolationsPage() {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  if (isLoading) return <LoadingState />;
  if (session?.type !== 'AUTH') return <Navigate to="/" replace />;
  return (
    <section className={styles.page}>
      <title>{t('moderation.reportsPage.documentTitle')}</title>
      <h1>{t('moderation.reportsPage.heading')}</h1>
      <ReportsAndViolations />
    </section>
  );
}
