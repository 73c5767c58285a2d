import { describe, expect, it } from 'vitest';
import { EmailSchema, emailContainsProductName, isExcludedEmailDomain } from './email.ts';

function issueOf(value: unknown): string | undefined {
  const result = EmailSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message).join(',');
}

describe('EmailSchema', () => {
  it('accepts and trims an ordinary address', () => {
    expect(EmailSchema.parse('  ada.lovelace+pins@example.co.uk ')).toBe('ada.lovelace+pins@example.co.uk');
  });

  it.each([[''], ['   '], [undefined]])('calls %j missing', (value) => {
    expect(issueOf(value)).toBe('email_required');
  });

  it.each([['ada'], ['ada@'], ['@example.com'], ['ada@localhost'], ['ada@exa mple.com'], ['ada@-x.com']])(
    'refuses the malformed %s',
    (value) => {
      expect(issueOf(value)).toBe('email_invalid_format');
    },
  );

  it('refuses non-ASCII characters', () => {
    expect(issueOf('zoë@example.com')).toBe('email_invalid_format');
    expect(issueOf('ada@exämple.com')).toBe('email_invalid_format');
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(issueOf(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`)).toBe('email_invalid_format');
  });

  it('refuses a disposable domain with its own code', () => {
    expect(issueOf('ada@mailinator.com')).toBe('email_excluded_domain');
  });
});

describe('isExcludedEmailDomain', () => {
  it('matches an excluded domain and its subdomains, in any case', () => {
    expect(isExcludedEmailDomain('ada@YOPMAIL.com')).toBe(true);
    expect(isExcludedEmailDomain('ada@inbox.mailinator.com')).toBe(true);
  });

  it('lets ordinary free mail and look-alikes through', () => {
    expect(isExcludedEmailDomain('ada@gmail.com')).toBe(false);
    expect(isExcludedEmailDomain('ada@notmailinator.com')).toBe(false);
    expect(isExcludedEmailDomain('ada')).toBe(false);
  });
});

describe('emailContainsProductName', () => {
  it('finds the product name in the local part or the domain, in any case', () => {
    expect(emailContainsProductName('PinBoard.support@gmail.com')).toBe(true);
    expect(emailContainsProductName('ada@pinboard-help.com')).toBe(true);
    expect(emailContainsProductName('ada@gmail.com')).toBe(false);
  });
});
