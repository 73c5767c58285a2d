import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addLazyWords, t, Trans, useTranslation, wordsGroup } from './i18n.ts';
import auth from './locales/en/auth.json';
import policy from './locales/en/policy.json';

describe('the words', () => {
  it('reads a key, and a missing one as the key', () => {
    expect(t('shell.skipToContent')).toBe('Skip to content');
    expect(t('shell.nothing' as never)).toBe('shell.nothing');
  });

  it('puts values in their marks, formatting numbers and dates, and leaves a missing value marked', () => {
    expect(t('closeup.followers', { count: 1234 })).toBe('1,234 followers');
    expect(t('board.moreCollaborators', { count: 2 })).toBe('and 2 more collaborators');
    expect(t('board.moreCollaborators', { count: 1 })).toBe('and 1 more collaborator');
    expect(t('closeup.followers_other', { name: 'Ada' })).toBe('{{count, number}} followers');
  });

  it('picks the plural form by count, the zero form first for 0', () => {
    addLazyWords('comments', {
      heading_zero: 'Comments',
      heading_one: '{{count, number}} comment',
      heading_other: '{{count, number}} comments',
    } as never);
    expect(t('comments.heading', { count: 0 })).toBe('Comments');
    expect(t('comments.heading', { count: 1 })).toBe('1 comment');
    expect(t('comments.heading', { count: 2000 })).toBe('2,000 comments');
  });

  it('formats a date with its formatParams', () => {
    addLazyWords('discover', { today: { date: '{{date, datetime}}' } } as never);
    const date = new Date(2026, 10, 26);
    expect(t('discover.today.date', { date, formatParams: { date: { dateStyle: 'long' } } })).toBe(
      'November 26, 2026',
    );
    expect(t('discover.today.date', { date })).toBe('11/26/2026');
  });

  it('adds an area without replacing what the first page has of it', () => {
    const account = t('auth.account.menu');
    addLazyWords('auth', auth);
    expect(t('auth.account.menu')).toBe(account);
    expect(t('auth.recovery.passwordIncorrect')).toBe(auth.recovery.passwordIncorrect);
  });

  it('gives a group of words as it is in its file', () => {
    addLazyWords('policy', policy);
    expect(wordsGroup('policy', 'terms')).toEqual(policy.terms);
  });

  it('is the same function on every render', () => {
    expect(useTranslation().t).toBe(useTranslation().t);
    expect(useTranslation().i18n.language).toBe('en');
  });
});

describe('Trans', () => {
  it('wraps the marked words in their components, with the values in', () => {
    addLazyWords('auth', auth);
    render(
      <p data-testid="words">
        <Trans
          i18nKey="auth.terms.agreement"
          components={[<a key="terms" href="/terms" />, <a key="privacy" href="/privacy" />]}
        />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByTestId('words').textContent).toBe(
      "By continuing, you agree to Pinboard's Terms of Service and acknowledge you've read our Privacy Policy.",
    );
  });

  it('puts values inside the components', () => {
    addLazyWords('auth', auth);
    render(
      <p data-testid="hint">
        <Trans
          i18nKey="auth.fields.typoHint"
          values={{ email: 'ada@example.com' }}
          components={[<button key="hint" type="button" />]}
        />
      </p>,
    );
    expect(screen.getByRole('button', { name: 'ada@example.com' }).getAttribute('type')).toBe('button');
    expect(screen.getByTestId('hint').textContent).toBe('Did you mean ada@example.com?');
  });
});
