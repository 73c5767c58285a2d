import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/ideaPins.json';

// The idea pin builder brings its own words when its chunk loads.
addLazyWords('ideaPins', words);
