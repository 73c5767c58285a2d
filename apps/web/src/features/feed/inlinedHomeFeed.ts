import type { Pin } from '@pinboard/shared';
import { HOME_FEED_SCRIPT_ID } from '@pinboard/shared/inlined-data';
import { successResultOf, type ApiResult } from '../../api/client.ts';

/**
 * The first home feed page the server wrote into the HTML (a signed-out visitor's `/`), taken
 * once: the element is removed, so a later visit to the home page asks the API as usual. Null
 * when there is none, when it was written for another page size, or when it does not parse.
 */
export function takeInlinedHomeFeed(document: Document, pageSize: number): ApiResult<Pin[]> | null {
  const element = document.getElementById(HOME_FEED_SCRIPT_ID);
  if (!element) return null;
  element.remove();
  if (Number(element.dataset.pageSize) !== pageSize) return null;
  try {
    return successResultOf<Pin[]>(JSON.parse(element.textContent ?? ''));
  } catch {
    // A broken page only costs the request it was meant to save.
    return null;
  }
}
