import { COMMON_PASSWORD_LIST } from './common-password-list.ts';

/**
 * The common-password list behind one function (docs/product/accounts.md#rules). It is
 * ~140 kB (~71 kB gzipped), so nothing in the package index imports it: the server imports it
 * from '@pinboard/shared/auth/common-passwords', and the web `import()`s that module when the
 * sign-up password field is first used, then passes the function to checkPassword.
 */
let commonPasswords: ReadonlySet<string> | undefined;

/** Whether the password, in any letter case, is among the most common ones. */
export function isCommonPassword(password: string): boolean {
  // Built on first use, so importing the module costs nothing until a password is checked.
  commonPasswords ??= new Set(COMMON_PASSWORD_LIST.split(' '));
  return commonPasswords.has(password.toLowerCase());
}
