import '../../../api/errorsWords.ts';
import { addLazyWords } from '../../../i18n.ts';
import words from '../../../locales/en/qr.json';

// The QR code login brings its own words when its code loads (the first page does not carry them).
addLazyWords('qr', words);
