import { describe, expect, it } from 'vitest';
import { LoginResultSchema } from './auth/requests.ts';
import { ViewerSchema, type Viewer } from './viewer.ts';

const clientContext = {
  country: 'US',
  country_from_hostname: null,
  country_from_ip: 'US',
  region_from_ip: null,
};
const visitor: Viewer = {
  type: 'UNAUTH',
  isAuth: false,
  isPartner: false,
  id: null,
  createdAt: null,
  user: null,
  info: null,
  client_context: clientContext,
  requires_consent: false,
  accounts: [],
  unread_notifications: 0,
  unread_conversations: 0,
};
const info = {
  firstName: 'Ada',
  imageUrl: null,
  email: 'ada@example.com',
  hasPassword: true,
  connectedToFacebook: false,
  connectedToGoogle: false,
};
const user = {
  id: '7',
  username: 'ada',
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  image_medium_url: null,
  image_large_url: null,
  avatar_color_index: 3,
};

describe('ViewerSchema', () => {
  it('describes a visitor', () => {
    expect(ViewerSchema.parse(visitor)).toEqual(visitor);
  });

  it('describes a recognised returning browser with its username and no user', () => {
    const limited = { ...visitor, type: 'LIMITED_LOGIN', id: '7', info: { ...info, username: 'ada' } };
    expect(ViewerSchema.parse(limited).info?.username).toBe('ada');
  });

  it('describes a full login with the other accounts of this browser, as login answers it', () => {
    const other = {
      id: '8',
      username: 'grace',
      email: null,
      fullName: 'Grace Hopper',
      imageMediumUrl: null,
      imageLargeUrl: null,
      partner: { is_create: false },
    };
    const auth = {
      ...visitor,
      type: 'AUTH',
      isAuth: true,
      id: '7',
      createdAt: '2025-01-02T03:04:05.000Z',
      user,
      info,
      accounts: [other],
    };
    expect(LoginResultSchema.parse({ user: auth }).user.accounts).toEqual([other]);
  });

  it('refuses the old two-field shape, so a server that still sends it is caught', () => {
    expect(ViewerSchema.safeParse({ type: 'UNAUTH', user: null }).success).toBe(false);
  });
});
