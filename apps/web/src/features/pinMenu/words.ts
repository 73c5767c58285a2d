import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/pinMenu.json';

// The pin menu's words come with its chunk, on the first open of a "…" menu.
addLazyWords('pinMenu', words);
