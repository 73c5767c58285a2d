import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/saving.json';

// Saving brings its own words when its chunk loads (the first page does not carry them).
addLazyWords('saving', words);
