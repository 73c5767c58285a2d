import '../../api/errorsWords.ts';
import { addLazyWords } from '../../i18n.ts';
import words from '../../locales/en/auth.json';

// Sign-up, login and recovery bring their words when their code loads; the first page carries
// only the header's account menu (`auth.account`, in i18n.ts).
addLazyWords('auth', words);
