import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const defaultNS = 'translation';
export const resources = { en: { translation: en } } as const;

// Typed keys: a `t('typo')` fails the typecheck instead of showing the key to users.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'];
  }
}

// Resources are bundled, so initialise synchronously: the first render already has its text.
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  resources,
  initAsync: false,
  showSupportNotice: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
});

export { i18next };
