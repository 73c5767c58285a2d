import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/moderation.json';

// Moderation's words (the removed-pin notice, appeals, reports and the age review) come with its chunks.
addLazyWords('moderation', words);
