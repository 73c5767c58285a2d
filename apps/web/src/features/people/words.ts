import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/people.json';

// The follow lists and interests bring their own words when their chunk loads.
addLazyWords('people', words);
