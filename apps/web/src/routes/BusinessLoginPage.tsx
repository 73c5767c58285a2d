import { useTranslation } from '../i18n.ts';
import { AuthPage } from './AuthPage.tsx';

/** `/login/business/`: the business login variant (container revamped_business_login_page). */
export function BusinessLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthPage
      options={{ container: 'revamped_business_login_page', step: 'login' }}
      documentTitle={t('auth.pages.business')}
    />
  );
}
