import { ERRORS } from '@pinboard/shared/errors';
import { addLazyWords, type ErrorMessages } from '../i18n.ts';

// The error catalogue's messages by code, so each error's text exists once (in packages/shared).
// Imported for this side effect by errorMessage.ts (the one way a failure is worded) and by the
// sign-up and login words (their steps read a few `errors.<code>` directly), so the words come
// with the first code that can show one, not with the first page.
addLazyWords(
  'errors',
  Object.fromEntries(Object.entries(ERRORS).map(([code, entry]) => [code, entry.message])) as ErrorMessages,
);
