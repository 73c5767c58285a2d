import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/comments.json';

// Comments bring their own words with their chunk.
addLazyWords('comments', words);
