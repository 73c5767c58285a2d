import { AUTH_LIMITS, safeNextPath } from '@pinboard/shared';
import { useId, type CSSProperties } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../ui/PageLoading.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';
import { AuthFlow } from '../features/auth/AuthFlow.tsx';
import type { AuthModalOptions } from '../features/auth/authModalContext.ts';
import styles from '../ui/PageCard.module.css';
import '../features/auth/words.ts';

const CARD_STYLE = { '--card-width': `${AUTH_LIMITS.modalWidth}px` } as CSSProperties;
const stay = () => {};

interface AuthPageProps {
  options: AuthModalOptions;
  documentTitle: string;
}

/**
 * The sign-up and login pages: the modal's flow in a card on the page, with `?next=` forwarded.
 * A fully logged-in viewer is sent on at once (docs/product/accounts.md#rules), except to add an account.
 */
export function AuthPage({ options, documentTitle }: AuthPageProps) {
  const titleId = useId();
  const [searchParams] = useSearchParams();
  const { session, isLoading } = useViewer();
  const next = searchParams.get('next') ?? undefined;

  if (isLoading) return <PageLoading />;
  if (session?.type === 'AUTH' && !options.switchAccount) return <Navigate to={safeNextPath(next)} replace />;
  return (
    <section className={styles.card} style={CARD_STYLE} aria-labelledby={titleId}>
      <title>{documentTitle}</title>
      <AuthFlow options={{ ...options, ...(next ? { next } : {}) }} titleId={titleId} close={stay} />
    </section>
  );
}
