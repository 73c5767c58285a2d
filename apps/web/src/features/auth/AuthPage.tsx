import { AUTH_LIMITS, safeNextPath } from '@pinboard/shared';
import { useId, type CSSProperties } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../routes/RootLayout.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import { AuthFlow } from './AuthFlow.tsx';
import type { AuthModalOptions } from './authModalContext.ts';
import styles from './AuthPage.module.css';
import './words.ts';

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
