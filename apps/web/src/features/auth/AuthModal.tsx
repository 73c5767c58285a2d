import { AUTH_LIMITS } from '@pinboard/shared';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { trackAuthEvent } from './analytics.ts';
import { AuthFlow } from './AuthFlow.tsx';
import type { AuthModalOptions } from './authModalContext.ts';
import './words.ts';

interface AuthModalProps {
  options: AuthModalOptions;
  onClose: () => void;
}

/**
 * The sign-up/login flow in a 484 px modal dialog, 489 px for the loginMfa step
 * (docs/product/accounts.md#limits).
 */
export function AuthModal({ options, onClose }: AuthModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [mfa, setMfa] = useState(false);
  const onStep = useCallback((step: string) => setMfa(step === 'loginMfa'), []);
  return (
    <Dialog
      labelledBy={titleId}
      closeLabel={t('auth.close')}
      width={mfa ? AUTH_LIMITS.mfaWidth : AUTH_LIMITS.modalWidth}
      onClose={() => {
        trackAuthEvent({ name: 'step_dismiss', container: options.container });
        onClose();
      }}
    >
      <AuthFlow options={options} titleId={titleId} close={onClose} onStep={onStep} />
    </Dialog>
  );
}
