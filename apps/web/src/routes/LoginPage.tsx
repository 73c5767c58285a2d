import { useTranslation } from '../i18n.ts';
import { AuthPage } from './AuthPage.tsx';

/** `/login`: the login page (container login_page); `?next=` is where it leads afterwards. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthPage options={{ container: 'login_page', step: 'login' }} documentTitle={t('auth.pages.login')} />
  );
}
