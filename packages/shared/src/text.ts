import { z } from 'zod';

/**
 * The one rule for text in a request, whatever the field: tab, line feed and carriage return
 * are kept (descriptions and notes have paragraphs), every other C0 control character, DEL and
 * a UTF-16 surrogate without its pair are refused. NUL in particular cannot be stored in
 * PostgreSQL text, and the others only hide or break what a person reads.
 */
const REFUSED_CHARACTER =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the text has a character no request field may carry. */
export function hasRefusedCharacter(value: string): boolean {
  return REFUSED_CHARACTER.test(value);
}

/**
 * A token a provider issued (OAuth access token, ID token): visible ASCII only, since it is
 * sent on in an HTTP header, where a line break or a non-ASCII character cannot go.
 */
export const ProviderTokenSchema = z
  .string()
  .min(1)
  .max(8192)
  .regex(/^[\x21-\x7e]+$/, 'A token has only visible ASCII characters.');
