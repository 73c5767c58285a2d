import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/messages.json';

// The inbox panel, the conversation page and the Send dialog bring their words with their chunks.
addLazyWords('messages', words);
