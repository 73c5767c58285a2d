import { useTranslation } from '../i18n.ts';
import { AuthPage } from './AuthPage.tsx';

/** `/add-account`: logs in another account beside the current one (switch_account), then opens its profile. */
export function AddAccountPage() {
  const { t } = useTranslation();
  return (
    <AuthPage
      options={{ container: 'login_page', step: 'login', switchAccount: true }}
      documentTitle={t('auth.pages.addAccount')}
    />
  );
}
