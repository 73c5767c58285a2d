import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/bookmarklet.json';

// The bookmarklet page brings its own words when its chunk loads.
addLazyWords('bookmarklet', words);
