import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useSearchParams } from 'react-router';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useViewer } from '../viewer/useViewer.ts';

// The dialog and its words load on first open.
const SendDialog = lazy(async () => ({ default: (await import('./SendDialog.tsx')).SendDialog }));

/**
 * The closeup's Send button (decision 52): opens the Send dialog; `?share=true` (the save
 * dialog's Send) opens it at once. A visitor is asked to sign up first.
 */
export function SendButton({ pinId, className }: { pinId: string; className?: string }) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const authModal = useAuthModal();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const shown = viewer !== null && (open || params.get('share') === 'true');
  const close = () => {
    setOpen(false);
    if (params.has('share')) {
      const next = new URLSearchParams(params);
      next.delete('share');
      setParams(next, { replace: true });
    }
  };
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          if (authModal.promptSignup({ container: 'home_page', signupSource: 'defaultSource', pinId }))
            return;
          setOpen(true);
        }}
      >
        {t('closeup.send')}
      </button>
      {shown && (
        <Suspense fallback={null}>
          <SendDialog pinId={pinId} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
