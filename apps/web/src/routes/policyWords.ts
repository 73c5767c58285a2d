import { addLazyWords } from '../i18n.ts';
import words from '../locales/en/policy.json';

// The policy texts come with the policy page's code, not with the first page.
addLazyWords('policy', words);
