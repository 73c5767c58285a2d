import {
  checkPassword,
  DEFAULT_PASSWORD_RULES,
  type PasswordErrorCode,
  type PasswordRules,
} from '@pinboard/shared';

type IsCommonPassword = (password: string) => boolean;

let loading: Promise<IsCommonPassword | null> | null = null;

/**
 * Starts loading the common-password list (~71 kB gzipped), a chunk of its own that only a
 * visitor about to choose a password downloads. A failed load leaves the trivial patterns.
 */
export function loadCommonPasswords(): Promise<IsCommonPassword | null> {
  loading ??= import('@pinboard/shared/auth/common-passwords').then(
    (module) => module.isCommonPassword,
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** checkPassword with the server's rules (or the defaults) and the lazily loaded list. */
export async function checkSignupPassword(
  password: string,
  rules: PasswordRules | null,
  email: string,
): Promise<PasswordErrorCode | null> {
  const isCommonPassword = await loadCommonPasswords();
  return checkPassword(password, rules ?? DEFAULT_PASSWORD_RULES, { email, isCommonPassword });
}
