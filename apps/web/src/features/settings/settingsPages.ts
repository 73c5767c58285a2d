/**
 * The settings navigation, in order (a side list on wide screens, the `/settings/` list on
 * phones). Each entry is a page of the route catalogue; `/settings/home-feed` is the home feed
 * tuner's (interests), `/settings/profile` the profile editor's.
 */
export const SETTINGS_PAGES = [
  { key: 'profile', path: '/settings/profile/' },
  { key: 'account', path: '/settings/account/' },
  { key: 'profileVisibility', path: '/settings/profile-visibility/' },
  { key: 'privacy', path: '/settings/privacy/' },
  { key: 'notifications', path: '/settings/notifications/' },
  { key: 'homeFeed', path: '/settings/home-feed/' },
  { key: 'security', path: '/settings/security/' },
  { key: 'claim', path: '/settings/claim/' },
] as const;
