import type { Pin } from '@pinboard/shared';

/** A complete pin for tests; override what the test is about. */
export function buildPin(overrides: Partial<Pin> = {}): Pin {
  const id = overrides.id ?? '101';
  const image = (width: number) => ({ url: `/media/pins/${id}/${width}x.jpg`, width, height: width * 1.5 });
  return {
    id,
    type: 'pin',
    title: `Pin ${id}`,
    description: '',
    alt_text: '',
    link: null,
    domain: null,
    hashtags: [],
    dominant_color: '#a1b2c3',
    images: {
      '236x': image(236),
      '474x': image(474),
      '736x': image(736),
      orig: { url: `/media/pins/${id}/orig.jpg`, width: 1200, height: 1800 },
    },
    embed: null,
    created_method: 'uploaded',
    created_at: '2025-01-01T00:00:00.000Z',
    pinner: {
      id: '7',
      username: 'ada',
      full_name: 'Ada Lovelace',
      first_name: 'Ada',
      image_medium_url: null,
      image_large_url: null,
      avatar_color_index: 0,
    },
    board: { id: '9', name: 'Machines', url: '/ada/machines/', privacy: 'public' },
    section: null,
    via_pin_id: null,
    origin_pinner: null,
    viewer_saved: null,
    repin_count: 0,
    video: null,
    story_page_count: 0,
    story_pages: null,
    ...overrides,
  };
}
