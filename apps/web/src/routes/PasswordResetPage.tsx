import { RecoveryPage } from '../features/auth/RecoveryPage.tsx';

/** `/password/reset/`: a mailed reset link (`?token=`), or the account-recovery page (`?ue=`). */
export function PasswordResetPage() {
  return <RecoveryPage />;
}
