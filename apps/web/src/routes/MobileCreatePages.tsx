import '../features/pinCreate/words.ts';
import type { Board } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../i18n.ts';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { endpointKey } from '../api/endpoints.ts';
import { errorMessage } from '../api/errorMessage.ts';
import { PageLoading } from '../ui/PageLoading.tsx';
import { AddSectionForm } from '../features/saving/AddSectionForm.tsx';
import { CreateBoardForm } from '../features/saving/CreateBoardForm.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';
import styles from '../features/pinCreate/MobilePinCreate.module.css';

/** After a create: the pin-create page's boards refresh, and the person goes back to it. */
function useBackAfterCreate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The first page of this visit has the key 'default': opened directly, there is nothing to go back to.
  const arrivedInApp = useLocation().key !== 'default';
  return (fallback: string) => {
    void queryClient.invalidateQueries({
      queryKey: endpointKey('getBoardPicker', { query: { pin_id: undefined } }),
    });
    if (arrivedInApp) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

function SignedInPage({
  title,
  children,
}: {
  title: string;
  children: (titleId: string) => React.ReactNode;
}) {
  const titleId = useId();
  const { session, isLoading } = useViewer();
  if (isLoading) return <PageLoading />;
  if (session?.type !== 'AUTH') return <Navigate to="/" replace />;
  return (
    <section className={styles.formPage} aria-labelledby={titleId}>
      <title>{title}</title>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children(titleId)}
    </section>
  );
}

/**
 * `/board/create/`: the mobile pin-create page's 'Create board' (docs/product/creating.md#pin-create-page),
 * the picker's form on a page of its own; afterwards back to the pin-create page, the board listed.
 */
export function CreateBoardPage() {
  const { t } = useTranslation();
  const back = useBackAfterCreate();
  return (
    <SignedInPage title={t('saving.createBoard')}>
      {() => (
        <CreateBoardForm
          onCreated={(board: Board) => back(board.url)}
          errorText={(error) =>
            errorMessage(t, error, 'pinCreate.boardCreateFailed', { otherwise: 'messageAndDetail' })
          }
        />
      )}
    </SignedInPage>
  );
}

/** `/board/{id}/create_section/`: its 'Create section', likewise. */
export function CreateSectionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const back = useBackAfterCreate();
  return (
    <SignedInPage title={t('saving.createSection')}>
      {() => <AddSectionForm board={{ id }} onCreated={() => back('/')} />}
    </SignedInPage>
  );
}
