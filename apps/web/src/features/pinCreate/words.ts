import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/pinCreate.json';
import '../saving/words.ts';

// The pin-create page brings its own words (and the picker's) when its chunk loads.
addLazyWords('pinCreate', words);
