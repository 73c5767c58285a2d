import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuthEventsBodySchema } from './events.ts';
import {
  EmailValidationQuerySchema,
  ExistsQuerySchema,
  LoginBodySchema,
  RegisterBodySchema,
  SwitchAccountBodySchema,
} from './requests.ts';

/** The issue messages (ERRORS codes for the fields users fill in) and their paths. */
function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

const register = {
  type: 'email',
  email: 'ada@example.com',
  password: 'Tulip-Engine-42',
  birthday: 631152000,
};
const login = { username_or_email: 'ada@example.com', password: 'Tulip-Engine-42' };

describe('RegisterBodySchema', () => {
  it('takes the product payload and normalises the email and country', () => {
    const body = RegisterBodySchema.parse({ ...register, email: ' ada@example.com ', country: 'gb' });
    expect(body).toMatchObject({ email: 'ada@example.com', country: 'GB' });
  });

  it('leaves birthday optional so the server can answer age_missing', () => {
    expect(issuesOf(RegisterBodySchema, { ...register, birthday: undefined })).toEqual([]);
  });

  it('names the field and the code of each problem', () => {
    expect(issuesOf(RegisterBodySchema, { ...register, email: '' })).toEqual(['email:email_required']);
    expect(issuesOf(RegisterBodySchema, { ...register, password: '' })).toEqual([
      'password:password_required',
    ]);
    expect(issuesOf(RegisterBodySchema, { ...register, birthday: 'soon' })).toEqual([
      'birthday:birthday_invalid',
    ]);
    expect(issuesOf(RegisterBodySchema, { ...register, birthday: 1.5 })).toEqual([
      'birthday:birthday_invalid',
    ]);
    expect(issuesOf(RegisterBodySchema, { ...register, first_name: 'a'.repeat(31) })).toEqual([
      'first_name:first_name_too_long',
    ]);
  });

  it('refuses unknown fields and unknown sign-up types', () => {
    expect(issuesOf(RegisterBodySchema, { ...register, is_admin: true })).toHaveLength(1);
    expect(issuesOf(RegisterBodySchema, { ...register, type: 'apple' })).toHaveLength(1);
  });

  it('takes consents as the whole consent state', () => {
    const consents = {
      terms: true,
      collectionUsePersonalInfo: true,
      thirdPartyProvisionPersonalInfo: true,
      overseasTransferPersonalInfo: true,
      optionalMarketingConsent: false,
      agreeToAll: false,
    };
    expect(issuesOf(RegisterBodySchema, { ...register, consents })).toEqual([]);
    expect(issuesOf(RegisterBodySchema, { ...register, consents: { terms: true } })).not.toEqual([]);
  });
});

describe('LoginBodySchema', () => {
  it('takes credentials and the login context', () => {
    const extra = {
      switch_account: true,
      app_type_from_client: 5,
      visited_pages_before_login: 3,
      container: 'save',
    };
    expect(issuesOf(LoginBodySchema, { ...login, ...extra })).toEqual([]);
  });

  it('names missing credentials', () => {
    expect(issuesOf(LoginBodySchema, { ...login, username_or_email: ' ' })).toEqual([
      'username_or_email:username_or_email_required',
    ]);
    expect(issuesOf(LoginBodySchema, { username_or_email: 'ada' })).toEqual(['password:password_required']);
  });

  it('takes only app types 5 and 7, and no unknown field', () => {
    expect(issuesOf(LoginBodySchema, { ...login, app_type_from_client: 6 })).toHaveLength(1);
    expect(issuesOf(LoginBodySchema, { ...login, mfa_token: '123' })).toHaveLength(1);
  });
});

describe('lookups', () => {
  it('checks existence only for a sign-up email', () => {
    expect(issuesOf(ExistsQuerySchema, { email: 'nope' })).toEqual(['email:email_invalid_format']);
  });

  it('validates any text, answering is_valid rather than an error', () => {
    expect(issuesOf(EmailValidationQuerySchema, { email: 'nope' })).toEqual([]);
    expect(issuesOf(EmailValidationQuerySchema, { email: '' })).toEqual(['email:email_required']);
  });

  it('switches to an account by its id', () => {
    expect(issuesOf(SwitchAccountBodySchema, { user_id: '42' })).toEqual([]);
    expect(issuesOf(SwitchAccountBodySchema, { user_id: 42 })).toHaveLength(1);
  });
});

describe('AuthEventsBodySchema', () => {
  const event = { name: 'step_view', step: 'signup', container: 'home_page' };

  it('takes 1 to 50 events', () => {
    expect(issuesOf(AuthEventsBodySchema, { events: [event] })).toEqual([]);
    expect(issuesOf(AuthEventsBodySchema, { events: [] })).toHaveLength(1);
    expect(issuesOf(AuthEventsBodySchema, { events: Array(51).fill(event) })).toHaveLength(1);
  });

  it('keeps element short and refuses unknown names and fields', () => {
    const login_fail = { name: 'login_fail', login_type: 'email', element: 'a'.repeat(64) };
    expect(issuesOf(AuthEventsBodySchema, { events: [login_fail] })).toEqual([]);
    expect(
      issuesOf(AuthEventsBodySchema, { events: [{ ...login_fail, element: 'a'.repeat(65) }] }),
    ).toHaveLength(1);
    expect(issuesOf(AuthEventsBodySchema, { events: [{ name: 'page_view' }] })).toHaveLength(1);
    expect(issuesOf(AuthEventsBodySchema, { events: [{ ...event, email: 'ada@example.com' }] })).toHaveLength(
      1,
    );
  });
});
