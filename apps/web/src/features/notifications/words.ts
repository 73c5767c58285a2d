import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/notifications.json';

// The notifications page brings its own words when its chunk loads.
addLazyWords('notifications', words);
