import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/boardActions.json';

// Board actions bring their own words when their chunk loads (the first page does not carry them).
addLazyWords('boardActions', words);
