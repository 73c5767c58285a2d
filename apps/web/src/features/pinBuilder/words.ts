import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/pinBuilder.json';

// The pin builder brings its own words when its chunk loads (the first page does not carry them).
addLazyWords('pinBuilder', words);
