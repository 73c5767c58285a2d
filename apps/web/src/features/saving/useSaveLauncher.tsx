import type { Pin, Viewer } from '@pinboard/shared';
import { QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useContext, useState, type MouseEvent } from 'react';
import { useAuthModal } from '../auth/authModalContext.ts';
import { endpointKey } from '../../api/endpoints.ts';
import type { SaveOrigin } from './SaveFlow.tsx';

// The picker, its forms, dialogs and words are a chunk of their own, loaded on the first Save.
const SaveFlow = lazy(async () => ({ default: (await import('./SaveFlow.tsx')).SaveFlow }));

/** Starts loading the save chunk early (on hover or focus of a Save button). */
export function preloadSaveFlow() {
  void import('./SaveFlow.tsx');
}

/**
 * What a Save button needs: a visitor gets the sign-up modal (container 'save'), a signed-in
 * viewer the board picker. Before the viewer is known the button's link is followed as before.
 * The query client is read without requiring one, so a card rendered alone still works.
 */
export function useSaveLauncher(pin: Pin, origin: SaveOrigin) {
  const authModal = useAuthModal();
  const queryClient = useContext(QueryClientContext);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  const onClick = (event: MouseEvent) => {
    if (authModal.promptSignup({ container: 'save', signupSource: 'saveButton', pinId: pin.id })) {
      event.preventDefault();
      return;
    }
    if (queryClient?.getQueryData<Viewer>(endpointKey('getViewer'))?.type !== 'AUTH') return;
    event.preventDefault();
    setOpen(true);
  };

  const flow = open ? (
    <Suspense fallback={null}>
      <SaveFlow pin={pin} origin={origin} onClose={close} />
    </Suspense>
  ) : null;
  return { onClick, onPointerEnter: preloadSaveFlow, onFocus: preloadSaveFlow, flow };
}
