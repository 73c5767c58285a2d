import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/search.json';

// Search brings its own words when its chunk loads (the first page does not carry them).
addLazyWords('search', words);
