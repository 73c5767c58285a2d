import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/business.json';

// The business pages bring their own words when their chunk loads.
addLazyWords('business', words);
