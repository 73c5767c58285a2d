import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/emailMail.json';
// The category and frequency names are the notification settings' own.
import '../settings/words.ts';

// The mail-link pages (mail choices, the survey) bring their own words when their chunk loads.
addLazyWords('emailMail', words);
