import { useTranslation } from '../../i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';

/** Where a native app's web view goes to be dismissed (docs/product/site.md#header-and-footer). */
export const DISMISS_WEBVIEW_PATH = '/login/?dismissWebview=true';

interface BackButtonProps {
  /** Where to go when there is no page of this app to go back to (opened from a mail or a new tab). */
  fallbackUrl?: string;
  /** The page was opened with the native dismiss flag (`dismissWebview=true`). */
  dismissWebview?: boolean;
  className?: string;
}

/**
 * The native dismiss flag goes to the login page that closes the web
 * view; otherwise back in history, or to the fallback URL when the history holds nothing of ours
 * (React Router's first entry has the key 'default').
 */
export function BackButton({ fallbackUrl = '/', dismissWebview = false, className }: BackButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <Button
      className={className}
      onClick={() => {
        if (dismissWebview) void navigate(DISMISS_WEBVIEW_PATH);
        else if (key !== 'default') void navigate(-1);
        else void navigate(fallbackUrl);
      }}
    >
      {t('shell.back')}
    </Button>
  );
}
