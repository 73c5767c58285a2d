import { RecoveryPage } from './RecoveryPage.tsx';

/** `/password/reset/`: a mailed reset link (`?token=`), or the account-recovery page (`?ue=`). */
export function PasswordResetPage() {
  return <RecoveryPage />;
}
