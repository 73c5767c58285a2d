import { describe, expect, it } from 'vitest';
import {
  InviteCollaboratorsBodySchema,
  INVITEES_MAX,
  isValidCollaboratorEmail,
  looksLikeEmail,
} from './collaborators.ts';

describe('collaborator email rule (docs/product/boards.md#rules)', () => {
  it("is 'Keep typing!' until the address passes the email format check", () => {
    for (const typing of ['ada', 'ada@', 'ada@example', 'ada@example.', 'ada @example.com']) {
      expect(isValidCollaboratorEmail(typing), typing).toBe(false);
    }
    expect(isValidCollaboratorEmail('ada@example.com')).toBe(true);
    expect(isValidCollaboratorEmail(' Ada.Lovelace+pins@Example.co.uk ')).toBe(true);
  });

  it('offers an email row once the query has an @', () => {
    expect(looksLikeEmail('ada')).toBe(false);
    expect(looksLikeEmail('ada@')).toBe(true);
  });
});

describe('InviteCollaboratorsBodySchema', () => {
  it('takes accounts by id and addresses, 1 to INVITEES_MAX of them', () => {
    const body = {
      invitees: [
        { type: 'user', id: '12' },
        { type: 'email', email: 'ada@example.com' },
      ],
    };
    expect(InviteCollaboratorsBodySchema.safeParse(body).success).toBe(true);
    expect(InviteCollaboratorsBodySchema.safeParse({ invitees: [] }).success).toBe(false);
    const many = Array.from({ length: INVITEES_MAX + 1 }, () => ({ type: 'user', id: '1' }));
    expect(InviteCollaboratorsBodySchema.safeParse({ invitees: many }).success).toBe(false);
  });

  it('refuses unknown fields, bad ids and bad addresses', () => {
    for (const invitee of [
      { type: 'user', id: '0' },
      { type: 'user', id: '1', email: 'ada@example.com' },
      { type: 'email', email: 'ada@localhost' },
      { type: 'group', id: '1' },
    ]) {
      expect(
        InviteCollaboratorsBodySchema.safeParse({ invitees: [invitee] }).success,
        JSON.stringify(invitee),
      ).toBe(false);
    }
  });
});
