import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/discover.json';

// The discover pages bring their own words when their chunk loads (the first page does not carry them).
addLazyWords('discover', words);
