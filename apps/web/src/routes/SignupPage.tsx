import { useTranslation } from '../i18n.ts';
import { AuthPage } from './AuthPage.tsx';

/** `/signup`: the sign-up page, in the login page container. */
export function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthPage options={{ container: 'login_page', step: 'signup' }} documentTitle={t('auth.pages.signup')} />
  );
}
