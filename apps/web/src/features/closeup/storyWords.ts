import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/story.json';

// The idea pin viewer brings its own words with its lazy chunk.
addLazyWords('story', words);
