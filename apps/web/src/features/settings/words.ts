import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/settings.json';
import accountWords from '../../locales/en/accountSettings.json';
import '../auth/words.ts';

// The settings pages bring their own words, and the auth words their password and identity
// sections use (the first page's bundle carries neither).
addLazyWords('settings', words);
addLazyWords('accountSettings', accountWords);
