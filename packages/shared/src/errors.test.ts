import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS } from './account-errors.ts';
import { AUTH_ERRORS } from './auth/auth-errors.ts';
import { BOARD_ERRORS } from './boards-errors.ts';
import { BUSINESS_ERRORS } from './business-errors.ts';
import { COLLABORATOR_ERRORS } from './collaborators-errors.ts';
import { ERRORS } from './errors.ts';
import { INPUT_ERRORS } from './input-errors.ts';
import { LINK_ERRORS } from './link-errors.ts';
import { MEDIA_ERRORS } from './media-errors.ts';
import { OFFSITE_ERRORS } from './offsite-errors.ts';
import { PROFILE_ERRORS } from './profile-errors.ts';
import { SAVING_ERRORS } from './saving-errors.ts';
import { SEARCH_ERRORS } from './search-errors.ts';

const PARTS = {
  INPUT_ERRORS,
  AUTH_ERRORS,
  BOARD_ERRORS,
  SAVING_ERRORS,
  COLLABORATOR_ERRORS,
  MEDIA_ERRORS,
  LINK_ERRORS,
  SEARCH_ERRORS,
  OFFSITE_ERRORS,
  ACCOUNT_ERRORS,
  PROFILE_ERRORS,
  BUSINESS_ERRORS,
};

describe('the error catalogue', () => {
  it('has each code in one part only (a later part would silently replace an earlier one)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, entries] of Object.entries(PARTS)) {
      for (const code of Object.keys(entries)) {
        if (seen.has(code)) twice.push(`${code} (${seen.get(code)} and ${part})`);
        seen.set(code, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it('gives every code its own api_error_code', () => {
    const byApiCode = new Map<number, string[]>();
    for (const [code, entry] of Object.entries(ERRORS)) {
      byApiCode.set(entry.apiCode, [...(byApiCode.get(entry.apiCode) ?? []), code]);
    }
    expect([...byApiCode.values()].filter((codes) => codes.length > 1)).toEqual([]);
  });
});
