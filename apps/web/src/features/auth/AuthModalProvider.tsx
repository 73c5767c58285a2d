import type { Viewer } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endpointKey } from '../../api/endpoints.ts';
import { AuthModalContext, type AuthModalOptions } from './authModalContext.ts';
import { SOFT_BANNED_AEC } from './recovery.ts';

// The modal, its forms, zod and the shared rules are a chunk of their own, loaded on first open.
const AuthModal = lazy(async () => ({ default: (await import('./AuthModal.tsx')).AuthModal }));

/** Loads the lazy chunk; resolves once it is here (so opening the modal shows it at once). */
export async function loadAuthModal(): Promise<void> {
  await import('./AuthModal.tsx');
}

/** Starts the lazy chunk early (on hover or focus of a button that opens the modal). */
export function preloadAuthModal() {
  void loadAuthModal();
}

/** Holds the one sign-up/login modal of the app; `useAuthModal().open(...)` shows it. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<AuthModalOptions | null>(null);
  // A new key per opening, so every opening starts from its first step.
  const [openCount, setOpenCount] = useState(0);

  const open = useCallback((next: AuthModalOptions) => {
    setOptions(next);
    setOpenCount((count) => count + 1);
  }, []);
  const close = useCallback(() => setOptions(null), []);
  const promptSignup = useCallback(
    (prompt: Omit<AuthModalOptions, 'step'>) => {
      const viewer = queryClient.getQueryData<Viewer>(endpointKey('getViewer'));
      if (!viewer || viewer.type === 'AUTH') return false;
      open({ ...prompt, step: 'signup' });
      return true;
    },
    [queryClient, open],
  );
  useSoftBanReturn(open);
  const api = useMemo(() => ({ open, close, promptSignup }), [open, close, promptSignup]);

  return (
    <AuthModalContext value={api}>
      {children}
      {options && (
        <Suspense fallback={null}>
          <AuthModal key={openCount} options={options} onClose={close} />
        </Suspense>
      )}
    </AuthModalContext>
  );
}

/**
 * The return parameter `aec` equal to the soft-ban code, on any page, opens
 * the soft-banned modal and is then removed from the URL (replacing the history entry).
 */
function useSoftBanReturn(open: (options: AuthModalOptions) => void) {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get('aec') !== SOFT_BANNED_AEC) return;
    params.delete('aec');
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, state });
    open({ container: 'home_page', step: 'login', recovery: 0 });
  }, [pathname, search, hash, state, navigate, open]);
}
