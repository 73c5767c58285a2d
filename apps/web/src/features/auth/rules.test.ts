// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { birthdaySeconds } from './flow.ts';
import { forgetAccount, readStoredAccounts, rememberAccount, switcherAccounts } from './storedAccounts.ts';
import { termsVariant } from './termsVariant.ts';

const account = (id: string, username: string) => ({
  id,
  username,
  email: `${username}@example.com`,
  fullName: username,
  imageMediumUrl: null,
  imageLargeUrl: null,
});

afterEach(() => localStorage.clear());

describe('termsVariant', () => {
  it.each([
    [{ country: 'US', region_from_ip: 'FL' }, 'florida'],
    [{ country: 'us', region_from_ip: 'us-fl' }, 'florida'],
    [{ country: 'US', region_from_ip: 'CA' }, 'noticeAtCollection'],
    [{ country: 'US', region_from_ip: null }, 'noticeAtCollection'],
    [{ country: 'DE', region_from_ip: 'FL' }, 'noticeAtCollection'],
    [null, 'noticeAtCollection'],
  ])('gives %o the %s notice', (place, variant) => {
    expect(termsVariant(place)).toBe(variant);
  });
});

describe('birthdaySeconds', () => {
  it('reads a date input’s day as UTC midnight, and nothing else', () => {
    expect(birthdaySeconds('1990-05-01')).toBe(Date.UTC(1990, 4, 1) / 1000);
    expect(birthdaySeconds('')).toBeUndefined();
    expect(birthdaySeconds('05/01/1990')).toBeUndefined();
  });
});

describe('stored accounts', () => {
  it('keeps a map by id with one group id, and forgets an account', () => {
    rememberAccount(account('1', 'ada'));
    const { groupId } = readStoredAccounts();
    rememberAccount(account('2', 'grace'));

    expect(readStoredAccounts().groupId).toBe(groupId);
    expect(Object.keys(readStoredAccounts().accounts)).toEqual(['1', '2']);
    forgetAccount('1');
    expect(Object.keys(readStoredAccounts().accounts)).toEqual(['2']);
  });

  it('lists the server’s live accounts first, then remembered ones, never the current one', () => {
    rememberAccount(account('1', 'ada'));
    rememberAccount(account('3', 'linus'));

    expect(switcherAccounts([account('2', 'grace')], '1')).toEqual([
      { account: account('2', 'grace'), live: true },
      { account: account('3', 'linus'), live: false },
    ]);
  });

  it('survives unreadable storage', () => {
    localStorage.setItem('pinboard.accounts', '{not json');
    expect(readStoredAccounts().accounts).toEqual({});
  });
});
