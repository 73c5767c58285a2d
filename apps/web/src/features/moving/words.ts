import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/moving.json';

// Moving and hashtag suggestions bring their own words when their chunk loads.
addLazyWords('moving', words);
