import { AUTH_LIMITS } from '@pinboard/shared';
import { useTranslation } from '../../../i18n.ts';
import { useNavigate } from 'react-router';
import { useToast } from '../../../ui/toastContext.ts';
import type { AuthModalOptions } from '../authModalContext.ts';
import { useBotCheck } from '../botCheck/useBotCheck.ts';
import type { MfaChallenge } from '../flow.ts';
import { useAuthSuccess } from '../useAuthSuccess.ts';
import { useLoginAttempt } from '../useLoginAttempt.ts';
import { LoginMfaStep } from './LoginMfaStep.tsx';

const OPTIONS: AuthModalOptions = { container: 'login_page' };
const stay = () => {};

/**
 * The reset page's second factor: the new password is set, and the login with it and the texted
 * code signs this browser in; then home (from the recovery page; docs/product/accounts.md#rules).
 */
export function ResetMfaStep({ titleId, challenge }: { titleId: string; challenge: MfaChallenge }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const botCheck = useBotCheck();
  const onSuccess = useAuthSuccess(OPTIONS, stay);
  const login = useLoginAttempt(OPTIONS, botCheck, onSuccess);
  return (
    <LoginMfaStep
      titleId={titleId}
      phoneNumberEnd={challenge.phoneNumberEnd}
      sendLimit={challenge.sendLimit}
      submit={(secondFactor) => login(challenge.credentials, secondFactor)}
      onResent={() => toast.show(t('auth.mfa.resent'), { durationMs: AUTH_LIMITS.toastMs.modalFlow })}
      onBack={() => void navigate('/login/')}
      note={t('auth.mfa.resetDone')}
    />
  );
}
