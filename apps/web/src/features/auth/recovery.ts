import type { RECOVERY_MODAL_CODES } from '@pinboard/shared';

/** A recovery modal by its code (docs/product/accounts.md#account-recovery). */
export type RecoveryModalCode = (typeof RECOVERY_MODAL_CODES)[keyof typeof RECOVERY_MODAL_CODES];

/**
 * The `aec` value that opens the soft-banned modal: RECOVERY_MODAL_CODES.softBanned, written
 * out so the first page's bundle (AuthModalProvider) need not load the shared enums and zod;
 * a test keeps the two equal.
 */
export const SOFT_BANNED_AEC = '0';

/**
 * Where a recovery modal's 'contact us' link leads. There is no help centre yet; a mailbox is
 * the one channel that needs no account (the suspended person cannot log in).
 */
export const SUPPORT_MAILTO = 'mailto:support@pinboard.example?subject=Account%20deactivated';
