// The public pages a visitor can land on (apps/web/src/router.tsx), at real addresses of a
// running server's data: the first pins of the home feed name a pin, its pinner, a board with
// a section and a hashtag to search for and to open as a topic.

async function getData(baseUrl, path) {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const body = await response.json();
  return body.resource_response.data;
}

/**
 * `[{ name, path }]` for the home page, a pin closeup, a profile, a board, a section, search
 * results, ideas, a topic and today. Throws when the feed has no pin in a section (an unseeded
 * server).
 */
export async function publicPages(baseUrl) {
  const pins = await getData(baseUrl, '/v3/feeds/home/');
  const pin = pins.find((candidate) => candidate.section !== null && candidate.hashtags.length > 0);
  if (!pin)
    throw new Error('the home feed has no pin saved to a section with a hashtag: is the server seeded?');
  const boardPath = new URL(pin.board.url, baseUrl).pathname;
  const hashtag = encodeURIComponent(pin.hashtags[0]);
  return [
    { name: 'home', path: '/' },
    { name: 'pin closeup', path: `/pin/${pin.id}/` },
    { name: 'profile', path: `/${pin.pinner.username}/` },
    { name: 'board', path: boardPath },
    { name: 'section', path: `${boardPath}${pin.section.slug}/` },
    { name: 'search results', path: `/search/pins/?q=${hashtag}` },
    { name: 'ideas', path: '/ideas/' },
    { name: 'topic', path: `/topics/${hashtag}/` },
    { name: 'today', path: '/today/' },
  ];
}
