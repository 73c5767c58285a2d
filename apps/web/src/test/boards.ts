import type { Board, BoardSection, UserProfile, UserSummary } from '@pinboard/shared';

/** A person for tests; override what the test is about. */
export function buildUser(overrides: Partial<UserSummary> = {}): UserSummary {
  const id = overrides.id ?? '7';
  return {
    id,
    username: `user${id}`,
    full_name: `User ${id}`,
    first_name: 'User',
    image_medium_url: null,
    image_large_url: null,
    avatar_color_index: Number(id) % 10,
    ...overrides,
  };
}

/** A complete public profile for tests. */
export function buildProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    ...buildUser({ id: '7', username: 'maya.l', full_name: 'Maya Lindqvist', first_name: 'Maya' }),
    last_name: 'Lindqvist',
    about: 'Slow living, small kitchens and big windows.',
    website_url: 'https://www.example.com/maya',
    pronouns: [],
    type: 'personal',
    is_partner: false,
    pin_count: 120,
    board_count: 2,
    follower_count: 1234,
    following_count: 56,
    created_at: '2025-01-01T00:00:00.000Z',
    followed_by_me: false,
    blocked_by_me: false,
    is_me: false,
    ...overrides,
  };
}

/** A complete board for tests. */
export function buildBoard(overrides: Partial<Board> = {}): Board {
  const id = overrides.id ?? '31';
  const name = overrides.name ?? `Board ${id}`;
  return {
    id,
    type: 'board',
    name,
    description: '',
    url: `/maya.l/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
    privacy: 'public',
    layout: 'default',
    owner: buildUser({ id: '7', username: 'maya.l', full_name: 'Maya Lindqvist' }),
    is_collaborative: false,
    collaborated_by_me: false,
    collaborating_users: [],
    collaborator_count: 0,
    pin_count: 12,
    section_count: 0,
    follower_count: 3,
    followed_by_me: false,
    image_cover_url: `/media/boards/${id}/cover.webp`,
    cover_images: [],
    images: { '170x': [{ url: `/media/boards/${id}/1.webp`, dominant_color: '#aabbcc' }] },
    has_custom_cover: false,
    archived_by_me_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    board_order_modified_at: null,
    last_pinned_to_at: null,
    ...overrides,
  };
}

/** A complete board section for tests. */
export function buildSection(overrides: Partial<BoardSection> = {}): BoardSection {
  const id = overrides.id ?? '41';
  return {
    id,
    type: 'board_section',
    board_id: '31',
    title: `Section ${id}`,
    slug: `section-${id}`,
    pin_count: 4,
    preview_pins: [],
    ...overrides,
  };
}
