import { useTranslation } from '../../i18n.ts';
import { NavLink } from 'react-router';
import { SETTINGS_PAGES } from './settingsPages.ts';

/** The list of settings pages; the current one is marked (`aria-current`). */
export function SettingsNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav className={className} aria-label={t('settings.nav.label')}>
      <ul>
        {SETTINGS_PAGES.map((page) => (
          <li key={page.key}>
            <NavLink to={page.path}>{t(`accountSettings.nav.${page.key}`)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
