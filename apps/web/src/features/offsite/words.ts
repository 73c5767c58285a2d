import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/offsite.json';

// The explanation of a stopped link brings its own words with its lazy chunk.
addLazyWords('offsite', words);
