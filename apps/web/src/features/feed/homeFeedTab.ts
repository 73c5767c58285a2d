/** The home page's two feeds: the home feed ("For you") and the Following feed. */
export type HomeFeedTab = 'home' | 'following';

const STORAGE_KEY = 'pinboard.homeFeedTab';

/** The tab a URL asks for (`/?tab=following`); the home feed otherwise. */
export function tabOfSearch(search: URLSearchParams): HomeFeedTab {
  return search.get('tab') === 'following' ? 'following' : 'home';
}

export function homeTabPath(tab: HomeFeedTab): string {
  return tab === 'following' ? '/?tab=following' : '/';
}

/**
 * The tab last chosen in this browser tab (sessionStorage: remembered while the tab is open, not
 * in another tab), so that coming back home from elsewhere opens it again.
 */
export function rememberedTab(): HomeFeedTab {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === 'following' ? 'following' : 'home';
  } catch {
    return 'home';
  }
}

export function rememberTab(tab: HomeFeedTab) {
  try {
    sessionStorage.setItem(STORAGE_KEY, tab);
  } catch {
    // Storage refused (private mode): the tab is simply not remembered.
  }
}
